import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Files replaced whole and durably: the text goes to a file beside the old one, is fsynced, then renamed
 * over it, and the rename is fsynced with its directory. A crash at any point leaves the old file or the
 * new one whole, never a mix.
 */

const temporaryBeside = (path: string) => `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/** Some systems cannot fsync a directory; the rename is then as durable as they make it. */
const isUnsupported = (error: unknown) =>
  ['EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '');

export async function replaceFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryBeside(path);
  try {
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  let directory: FileHandle | null = null;
  try {
    directory = await open(dirname(path), 'r');
    await directory.sync();
  } catch (error) {
    if (!isUnsupported(error)) throw error;
  } finally {
    await directory?.close();
  }
}

/** `replaceFile`, blocking: for start-up, before anything is served. */
export function replaceFileSync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryBeside(path);
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  let directory: number | null = null;
  try {
    directory = openSync(dirname(path), 'r');
    fsyncSync(directory);
  } catch (error) {
    if (!isUnsupported(error)) throw error;
  } finally {
    if (directory !== null) closeSync(directory);
  }
}
