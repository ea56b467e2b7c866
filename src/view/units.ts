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

/**
 * A duration a person reads at a glance: "850 ms", "1.2 s", "42 s", "3 m 01 s", "1 h 05 m". Whole units
 * once the fraction stops mattering; never a bare count of milliseconds past one second.
 */
export function formatDuration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1000) return `${Math.round(safe)} ms`;
  if (safe < 10_000) return `${(Math.floor(safe / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(safe / 1000);
  if (seconds < 60) return `${seconds} s`;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (seconds < 3600) return `${Math.floor(seconds / 60)} m ${pad(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${pad(Math.floor(seconds / 60) % 60)} m`;
}

/**
 * An ISO 8601 instant in this machine's local time with its offset ("2026-12-04 04:15:02 UTC+01:00"), for
 * reports read by people; the results JSON keeps the UTC instant. Text that is no date is returned as it is.
 */
export function formatLocalTime(iso: string, offsetMinutes?: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const offset = offsetMinutes ?? -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offset >= 0 ? "+" : "-";
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${zone}`;
}
