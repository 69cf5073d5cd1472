import { Webhook } from "standardwebhooks";

// Standard Webhooks' headers of one attempt (https://www.standardwebhooks.com/): webhook-id (the
// same on every attempt), webhook-timestamp and webhook-signature (v1, an HMAC-SHA256 of
// id.timestamp.body; one per secret during a rotation, separated by a space). Plain JavaScript:
// the dashboard's forwarding (deliver.ts) signs with it through its bundle, and the command line
// (cli/forward.mjs, `listen --format standard`), plain Node.js, with it too.

/**
 * @param {string} webhookId
 * @param {string} body
 * @param {string[]} secrets whsec_ secrets
 * @param {Date} at
 * @returns {Record<string, string>}
 */
export function signedHeaders(webhookId, body, secrets, at) {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body));
  return {
    "content-type": "application/json",
    "webhook-id": webhookId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
