import { describe, expect, it } from "vitest";
import { liveNoticeKinds, receives, refreshedPages, refreshesPage, type LiveNoticeKind, type StreamReader } from "./live-notice-kinds";

// The registry of live-notice kinds decides which pages a notice redraws and who receives it
// (docs/architecture.md#adding-a-live-notice-kind). Before it, a notification redrew every page
// that follows snapshots, and a key without the logs scope got no scenario run frames.

const kinds = Object.keys(liveNoticeKinds) as LiveNoticeKind[];

describe("the pages a notice redraws", () => {
  it.each([
    ["webhook", ["all"]],
    ["snapshot", ["snapshots", "all"]],
    ["notification", []],
    ["request_log", ["requestLogs"]],
    ["scenario_run", ["scenarioRuns"]],
    ["webhook_resent", []],
  ] as const)("%s redraws %j", (kind, pages) => {
    expect(refreshedPages.filter((page) => refreshesPage(kind, page))).toEqual(pages);
  });

  it("no kind redraws a page that follows only its session", () => {
    expect(kinds.filter((kind) => refreshesPage(kind, "session"))).toEqual([]);
  });
});

const user = "6f1d7a52-0c37-4c4e-9a53-1f0e4ad1b001";
const other = "6f1d7a52-0c37-4c4e-9a53-1f0e4ad1b002";
const viewer: StreamReader = { userId: user, role: "viewer", keyScopes: null };
const key = (...scopes: ("read" | "write" | "reports" | "logs")[]): StreamReader => ({ userId: user, role: "admin", keyScopes: scopes });
const received = (reader: StreamReader, userIds?: string[]) => kinds.filter((kind) => receives(reader, kind, userIds));

describe("who receives a notice on GET /api/events", () => {
  it.each([
    [
      "a viewer's session, a notification addressed to them",
      viewer,
      [user],
      ["webhook", "snapshot", "notification", "request_log", "scenario_run"],
    ],
    ["a viewer's session, a notification addressed to another", viewer, [other], ["webhook", "snapshot", "request_log", "scenario_run"]],
    ["a key with read", key("read"), [user], ["webhook", "snapshot", "scenario_run", "webhook_resent"]],
    ["a key with read and logs", key("read", "logs"), [user], ["webhook", "snapshot", "request_log", "scenario_run", "webhook_resent"]],
    ["a key with write alone", key("write"), [user], []],
  ] as const)("%s", (_, reader, userIds, expected) => {
    expect(received(reader, [...userIds])).toEqual(expected);
  });
});
