/** A byte cap in the words a person reads: "512 KB", "10 MB", "900 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A duration in seconds with at most one decimal: "20 s", "0.8 s". */
export function formatSeconds(ms: number): string {
  return `${round(ms / 1000)} s`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
