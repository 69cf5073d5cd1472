import { describe, expect, it } from "vitest";
import { dashboardLocales, locales, localesForPath, negotiateLocale } from "./config";

describe("negotiateLocale", () => {
  const all = { supported: locales };
  it.each([
    ["de-CH,de;q=0.9,en;q=0.8", "de"],
    ["de-AT", "de"],
    ["fr-CH, fr;q=0.9, en;q=0.8", "fr"],
    ["it-IT,it;q=0.9", "it"],
    ["en;q=0.1,de;q=0.9", "de"],
    ["ja,zh;q=0.9", "en"],
    ["*", "en"],
    ["", "en"],
    ["!!!,@@", "en"],
  ])("Accept-Language %j gives %s", (header, expected) => {
    expect(negotiateLocale({ ...all, acceptLanguage: header })).toBe(expected);
  });

  it("prefers the switcher's cookie, where the page speaks that language", () => {
    expect(negotiateLocale({ ...all, cookie: "it", acceptLanguage: "de-CH" })).toBe("it");
    expect(negotiateLocale({ supported: dashboardLocales, cookie: "it", acceptLanguage: "de-CH" })).toBe("it");
    expect(negotiateLocale({ supported: ["en", "de"], cookie: "it", acceptLanguage: "de-CH" })).toBe("de");
    expect(negotiateLocale({ supported: ["en", "de"], cookie: "it", acceptLanguage: "it-CH" })).toBe("en");
    expect(negotiateLocale({ ...all, cookie: "xx", acceptLanguage: "fr" })).toBe("fr");
  });

  it("gives the payout page and sign-in every language, the dashboard its own", () => {
    expect(localesForPath("/pay/abc")).toEqual(locales);
    expect(localesForPath("/login")).toEqual(locales);
    expect(localesForPath("/")).toEqual(dashboardLocales);
    expect(localesForPath("/payments")).toEqual(dashboardLocales);
    expect(dashboardLocales).toEqual(["en", "de", "fr", "it"]);
    expect(localesForPath("/docs/errors")).toEqual(["en"]);
  });
});
