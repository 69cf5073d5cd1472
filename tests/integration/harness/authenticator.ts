import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software WebAuthn authenticator for the API tests (the e2e suite uses Chromium's virtual
// authenticator instead): an ES256 key pair per credential, "none" attestation, and assertions
// signed over authenticatorData ‖ SHA-256(clientDataJSON) as the WebAuthn specification lays
// them out (§6.1 authenticator data, §6.5.1 attested credential data). It answers whatever
// origin it is told to, which is how a test plays a phishing site.

type CBOR = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; counter: number };

export class SoftAuthenticator {
  private credentials: Credential[] = [];

  constructor(private readonly options: { userVerified?: boolean } = {}) {}

  private flags(attested: boolean) {
    return FLAG_UP | (this.options.userVerified === false ? 0 : FLAG_UV) | (attested ? FLAG_AT : 0);
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON for `options`, as seen from `origin`. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose: CBOR = new Map<number, CBOR>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]);
    const id = randomBytes(32);
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const counter = 0;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(true)]),
      u32(counter),
      Buffer.alloc(16), // aaguid: none
      u16(id.length),
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
    const attestation: CBOR = new Map<string, CBOR>([
      ["fmt", "none"],
      ["attStmt", new Map<string, CBOR>()],
      ["authData", new Uint8Array(authData)],
    ]);
    const attestationObject = isoCBOR.encode(attestation);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON signed by the newest (or the given) credential. */
  assert(options: { challenge: string; rpId?: string }, origin: string, credentialId?: string) {
    const credential = credentialId ? this.credentials.find((c) => b64url(c.id) === credentialId) : this.credentials.at(-1);
    if (!credential) throw new Error("the authenticator holds no credential");
    credential.counter += 1;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(false)]), u32(credential.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const signature = createSign("SHA256")
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }
}

function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
