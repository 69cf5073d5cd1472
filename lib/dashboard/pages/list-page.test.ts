import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ApiError } from "@/lib/errors";
import { firstPage } from "./list-page";

// A list page refused for its address's filters says which ones, as the address spells them.

const empty = { data: [] as number[] };
const schema = z.object({ state: z.optional(z.enum(["a", "b"])), since: z.optional(z.iso.datetime()), limit: z.string() });

describe("a list's first page", () => {
  it("is the list's when the filters are read", async () => {
    expect(await firstPage(async () => ({ data: [1] }), empty)).toEqual({ first: { data: [1] }, error: null });
  });

  it("names the filters the query's schema refused, each once, by the address's names", async () => {
    const parsed = z.safeParse(schema, { state: "c", since: "yesterday", limit: "50" });
    if (parsed.success) throw new Error("the schema took bad filters");
    expect(await firstPage(parsed.error, empty, { since: "period" })).toEqual({
      first: empty,
      error: { code: "invalid_request", fields: ["state", "period"] },
    });
  });

  it("names the filters the page or the list itself refused", async () => {
    expect((await firstPage(["period"], empty)).error).toEqual({ code: "invalid_request", fields: ["period"] });
    const refused = async () => {
      throw new ApiError("invalid_request", "Invalid to", [{ path: "to", message: "before from" }]);
    };
    expect((await firstPage(refused, empty)).error).toEqual({ code: "invalid_request", fields: ["to"] });
  });

  it("lets any other failure through", async () => {
    await expect(
      firstPage(async () => {
        throw new Error("the database is gone");
      }, empty),
    ).rejects.toThrow("the database is gone");
  });
});
