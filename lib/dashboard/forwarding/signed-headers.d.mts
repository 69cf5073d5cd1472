export declare function signedHeaders(webhookId: string, body: string, secrets: string[], at: Date): Record<string, string>;
