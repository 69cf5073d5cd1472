"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { invoiceFromQr } from "@/lib/lightning/invoice-qr";

type ScanKey = "button" | "hint" | "stop" | "starting" | "video" | "denied" | "noCamera" | "failed" | "notInvoice" | "read";
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type NativeDetector = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's BarcodeDetector where it reads QR codes; elsewhere the standard's ponyfill
 * (zxing-wasm), fetched on the first scan with its WebAssembly from this origin.
 */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes("qr_code"))
    return new native({ formats: ["qr_code"] });
  const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith(".wasm") ? `/vendor/zxing_reader.wasm?v=${ZXING_WASM_VERSION}` : `${prefix}${file}`,
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

const cameraProblem = (error: unknown): ScanKey => {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noCamera";
  return "failed";
};

/**
 * Whether to offer the scan: a camera to ask for, and a precise primary pointer (a mouse or a
 * trackpad: a computer). A phone or a tablet (a coarse pointer, its finger) is where the invoice's
 * QR code is shown, not read: its wallet pastes or opens the invoice itself.
 */
export function canScanFromPhone(): boolean {
  if (typeof navigator === "undefined" || navigator.mediaDevices?.getUserMedia === undefined) return false;
  return typeof matchMedia === "function" && matchMedia("(pointer: fine)").matches;
}

/**
 * "Scan from my phone": this computer's camera reads the invoice's QR code that the user's phone
 * wallet shows. Frames are read five times a second until one holds an invoice; then the camera
 * is switched off and the invoice handed over, to be checked like a pasted one.
 */
export function ScanInvoice({ onInvoice, t }: { onInvoice: (invoice: string) => void; t: (key: ScanKey) => string }) {
  const [state, setState] = useState<"idle" | "starting" | "scanning">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<() => void>(() => {});
  useEffect(() => () => stopCamera.current(), []);

  const start = async () => {
    setState("starting");
    setMessage(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      setState("idle");
      setMessage(t(cameraProblem(error)));
      return;
    }
    let stopped = false;
    let timer = 0;
    stopCamera.current = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      setState("idle");
    };
    try {
      const element = video.current;
      if (!element) throw new Error("no video element");
      element.srcObject = stream;
      await element.play();
      const detector = await qrDetector();
      setState("scanning");
      const tick = async () => {
        if (stopped) return;
        const codes = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : [];
        for (const code of codes) {
          const invoice = invoiceFromQr(code.rawValue);
          if (invoice) {
            stopCamera.current();
            setMessage(t("read"));
            onInvoice(invoice);
            return;
          }
          setMessage(t("notInvoice"));
        }
        timer = window.setTimeout(() => void tick(), 200);
      };
      void tick();
    } catch {
      stopCamera.current();
      setMessage(t("failed"));
    }
  };

  const on = state !== "idle";
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => (on ? stopCamera.current() : void start())}>
          {on ? t("stop") : t("button")}
        </Button>
        <span className="text-xs text-zinc-600 dark:text-zinc-300">{state === "starting" ? t("starting") : on ? t("hint") : null}</span>
      </div>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("video")}
        data-testid="scan-video"
        className={on ? "aspect-video w-full rounded-md bg-black object-cover" : "hidden"}
      />
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="scan-status">
        {message}
      </p>
    </div>
  );
}
