export declare const SIGNATURE_HEADER = "X-Signature-256";
export declare function signBody(rawBody: string | Uint8Array, secret: string): string;
export declare function verifySignature(rawBody: string | Uint8Array, secret: string, header: string | null): boolean;
