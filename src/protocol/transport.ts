/** The wire binding names used throughout Plainwright (DESIGN.md section 3). */
export type Transport = "JSONRPC" | "HTTP+JSON" | "GRPC";
