import type { Locator, Page } from "@playwright/test";

// What a person sees of a narrow page, measured in the browser: how a tab row's tabs are laid
// out in lines, whether a field's placeholder fits its box, and how an id's characters fall
// into lines (Range.getClientRects of each character).

/** The tab row's tabs grouped by line (tabs whose boxes share a top), each line's tab names. */
export async function tabLines(row: Locator) {
  return row.evaluate((nav) => {
    const lines = new Map<number, string[]>();
    for (const tab of nav.querySelectorAll("a")) {
      const top = Math.round(tab.getBoundingClientRect().top);
      const line = [...lines.keys()].find((y) => Math.abs(y - top) < 4) ?? top;
      lines.set(line, [...(lines.get(line) ?? []), tab.textContent ?? ""]);
    }
    return [...lines.values()];
  });
}

/** The current tab's box inside the row's visible box (a row scrolled sideways keeps it in view). */
export async function currentTabInView(row: Locator) {
  return row.evaluate((nav) => {
    const current = nav.querySelector('[aria-current="page"]')?.getBoundingClientRect();
    const box = nav.getBoundingClientRect();
    return !!current && current.left >= box.left - 1 && current.right <= box.right + 1;
  });
}

/** Each field with a placeholder whose text is wider than the field's text box: its placeholder and both widths. */
export async function cutPlaceholders(page: Page) {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d");
    const cut: { placeholder: string; text: number; box: number }[] = [];
    for (const field of document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")) {
      if (!context || !field.placeholder || field.getClientRects().length === 0) continue;
      const style = getComputedStyle(field);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(field.placeholder).width;
      const box = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (text > box + 0.5) cut.push({ placeholder: field.placeholder, text: Math.round(text), box: Math.round(box) });
    }
    return cut;
  });
}

/**
 * Each id, hash or address shown in monospace (16 or more characters without a space) that is
 * laid out in several lines: its text and how many characters each line holds.
 */
export async function idLines(page: Page) {
  return page.evaluate(() => {
    const found: { id: string; lines: number[] }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main code, main .font-mono")) {
      const id = (element.textContent ?? "").trim();
      if (id.length < 16 || /\s/.test(id) || element.getClientRects().length === 0) continue;
      if (element.querySelector("code, .font-mono")) continue;
      const tops: number[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? "").length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect && rect.width > 0) tops.push(Math.round(rect.top));
        }
      }
      const lines: number[] = [];
      let last: number | undefined;
      for (const top of tops) {
        if (last === undefined || Math.abs(top - last) > 3) lines.push(0);
        lines[lines.length - 1]! += 1;
        last = top;
      }
      if (lines.length > 1) found.push({ id, lines });
    }
    return found;
  });
}
