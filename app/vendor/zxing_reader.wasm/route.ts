import { readFile } from "node:fs/promises";
import path from "node:path";
import { otherMethods } from "@/lib/dashboard/api/route";

// The QR reader's WebAssembly (zxing-wasm, behind the barcode-detector ponyfill), served from
// this origin so that the camera scan works offline and under the pages' CSP. Browsers with a
// native BarcodeDetector never fetch it. Pages ask for it with the package's version in the
// query, so a new version is a new URL and this one may be cached for good.

let wasm: Promise<Buffer> | null = null;

export async function GET() {
  wasm ??= readFile(path.join(process.cwd(), "node_modules", "zxing-wasm", "dist", "reader", "zxing_reader.wasm"));
  return new Response(new Uint8Array(await wasm), {
    headers: { "Content-Type": "application/wasm", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
