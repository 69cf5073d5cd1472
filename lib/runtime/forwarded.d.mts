export declare const HSTS: string;
type Forwarded = { appUrl?: string | undefined; trustedHops: number; forwardedProto?: string | string[] | null | undefined };
export declare function forwardedValue(value: string | string[] | null | undefined, trustedHops: number): string | null;
export declare function browserScheme(request: Forwarded): "http" | "https";
export declare function strictTransportSecurity(request: Forwarded): string | null;
