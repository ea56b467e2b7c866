import { lstat, mkdir, readFile, readdir, readlink, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

/*
 * Reports are kept per run: each run writes into its own timestamped folder under the output folder, and
 * `last` names the newest (docs/config.md "Reports"). A symbolic link where the system allows one, else a
 * file holding the folder's name; readers accept both.
 */

/** The pointer to the newest run's folder. */
export const lastPointer = "last";
/** The results JSON every run folder holds (the record `--baseline last` compares against). */
export const resultsFileName = "plainwright-results.json";

const stampPattern = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(?:-\d+)?$/;

/** Whether a folder name is a run folder's (a timestamp, as runFolder makes it). */
export const isRunFolderName = (name: string): boolean => stampPattern.test(name);

/** Makes a new run folder named by the time (unique: a second run in the same millisecond gets -2). */
export async function makeRunFolder(outDir: string, now = new Date()): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  for (let n = 1; ; n++) {
    const name = n === 1 ? stamp : `${stamp}-${n}`;
    try {
      await mkdir(join(outDir, name));
      return name;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n > 100) throw error;
    }
  }
}

/**
 * Points `last` at a run folder, replacing what it pointed at; false when `last` is something else the
 * user keeps there (a folder of their own), which is left alone.
 */
export async function pointLastAt(outDir: string, folder: string): Promise<boolean> {
  const pointer = join(outDir, lastPointer);
  const was = await lstat(pointer).catch(() => undefined);
  if (was?.isDirectory()) return false;
  await rm(pointer, { force: true });
  try {
    await symlink(folder, pointer, "dir");
  } catch {
    await writeFile(pointer, `${folder}\n`);
  }
  return true;
}

/** The newest run folder's name, from `last` (a link or a file), or undefined when there is none. */
export async function lastRunFolder(outDir: string): Promise<string | undefined> {
  const pointer = join(outDir, lastPointer);
  const name = await readlink(pointer).catch(async () =>
    (await readFile(pointer, "utf8").catch(() => "")).trim(),
  );
  if (!name || !isRunFolderName(name)) return undefined;
  return (await stat(join(outDir, name)).catch(() => undefined))?.isDirectory() ? name : undefined;
}

/** Run folders kept by default: the newest twenty (docs/config.md "Reports"). */
export const defaultKeptRuns = 20;

/**
 * Deletes the run folders beyond the newest `keep` (0 keeps every one), never `current` nor the one `last`
 * names; only folders named as makeRunFolder names them are touched. Returns the names removed.
 */
export async function pruneRunFolders(outDir: string, keep: number, current: string): Promise<string[]> {
  if (keep === 0) return [];
  const spared = new Set([current, (await lastRunFolder(outDir)) ?? current]);
  const removed = (await runFolders(outDir)).slice(keep).filter((name) => !spared.has(name));
  for (const name of removed) await rm(join(outDir, name), { recursive: true, force: true });
  return removed;
}

/** Every run folder in the output folder, newest first. */
export async function runFolders(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && isRunFolderName(e.name))
    .map((e) => e.name)
    .sort()
    .reverse();
}
