// A service's base URL, as an operator configures it and as every call is made from it. A base
// URL holds a scheme, a host and a path, nothing else: a query or a fragment would move the API
// path that calls append (`https://svc/x?y=` + `/v1/orders` asks for `/x`), credentials would
// travel in every call. Such URLs are refused where they are configured (hasOnlyAPath), and
// joinPath keeps the base's own path whatever it holds.

/**
 * A configured base URL (a service's) joined with an API path and its query: the base's own path
 * kept, whatever the base holds after it. Base URLs with a query, a fragment or credentials are
 * refused where they are configured (hasOnlyAPath), and would not move the path here either.
 */
export function joinPath(baseUrl: string, pathAndQuery: string): URL {
  const url = new URL(baseUrl);
  const at = pathAndQuery.indexOf("?");
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${at === -1 ? pathAndQuery : pathAndQuery.slice(0, at)}`;
  url.search = at === -1 ? "" : pathAndQuery.slice(at);
  url.hash = "";
  url.username = "";
  url.password = "";
  return url;
}

/** Whether a base URL is http(s) with a host and a path only: no query, no fragment, no credentials. */
export function hasOnlyAPath(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.search === "" &&
      url.hash === "" &&
      !raw.includes("?") &&
      !raw.includes("#") &&
      url.username === "" &&
      url.password === ""
    );
  } catch {
    return false;
  }
}
