/** A real SSE client over fetch: collects parsed frames as they arrive. */
export type SseFrame = { id?: string; event?: string; data?: string; comment?: string; at: number };

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const frames: SseFrame[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pump = (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { at: Date.now() };
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) frame.comment = line.slice(1).trim();
            else if (line.startsWith("id: ")) frame.id = line.slice(4);
            else if (line.startsWith("event: ")) frame.event = line.slice(7);
            else if (line.startsWith("data: ")) frame.data = (frame.data ? `${frame.data}\n` : "") + line.slice(6);
          }
          frames.push(frame);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    frames,
    /** Settles when the stream ends: closed by the server, or by close(). */
    done: pump,
    async waitFor(predicate: (f: SseFrame) => boolean, timeoutMs = 5_000): Promise<SseFrame> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = frames.find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching SSE frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`);
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
