import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskFileStore } from '@causeway/adapters/files/local-disk.file-store';
import { createMemoryFileStore } from '@causeway/adapters/memory/file-store.fake';
import type { FileStore } from '@causeway/core/ports/file-store.port';

const BASE_URL = 'http://files.test/uploads';
/** Where the files were served before (an absolute address of the platform's own host). */
const FORMER_BASE_URL = 'http://localhost:3000/files';
const formerBaseUrls = [FORMER_BASE_URL];
const folders: string[] = [];

const implementations: { name: string; create: () => Promise<FileStore>; unavailable?: string }[] = [
  { name: 'memory', create: async () => createMemoryFileStore(BASE_URL, { formerBaseUrls }) },
  {
    name: 'local disk',
    create: async () => {
      const root = await mkdtemp(join(tmpdir(), 'file-store-'));
      folders.push(root);
      return createLocalDiskFileStore({ root: join(root, 'files'), baseUrl: `${BASE_URL}/`, formerBaseUrls });
    },
  },
];

// Cloud Storage, on the Firebase Storage emulator when FIREBASE_STORAGE_EMULATOR_HOST names one: each
// test gets a bucket of its own.
implementations.push({
  name: 'cloud storage',
  ...(process.env.FIREBASE_STORAGE_EMULATOR_HOST
    ? {}
    : { unavailable: 'no Firebase Storage emulator: set FIREBASE_STORAGE_EMULATOR_HOST' }),
  create: async () => {
    const [{ getApps, initializeApp }, { getStorage }, { createCloudStorageFileStore }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/storage'),
      import('@causeway/adapters/files/cloud-storage.file-store'),
    ]);
    const app =
      getApps().find((candidate) => candidate.name === 'file-store-contract') ??
      initializeApp({ projectId: 'demo-causeway' }, 'file-store-contract');
    const bucket = getStorage(app).bucket(`contract-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    return createCloudStorageFileStore({ bucket, baseUrl: `${BASE_URL}/`, formerBaseUrls });
  },
});

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const bytes = (text: string) => new TextEncoder().encode(text);
const LEAVING_PATHS = [
  '../outside.txt',
  'campaigns/../../outside.txt',
  '/etc/passwd',
  'C:/windows/win.ini',
  'campaigns\\cover.png',
  'campaigns/cover.png\0.txt',
  '',
  'campaigns//cover.png',
  './cover.png',
];

const fileStoreContract =
  ({ create }: (typeof implementations)[number]) =>
  () => {
    let store: FileStore;

    beforeEach(async () => {
      store = await create();
    });

    it('puts a file in folders it creates and answers what it stored', async () => {
      const stored = await store.put('campaigns/c-1/cover_c-1.png', bytes('png bytes'), 'image/png');
      expect(stored).toEqual({
        path: 'campaigns/c-1/cover_c-1.png',
        contentType: 'image/png',
        size: 9,
        url: `${BASE_URL}/campaigns/c-1/cover_c-1.png`,
      });
    });

    it('gets a file back with its content type, and replaces it on a second put', async () => {
      await store.put('campaigns/c-1-flyer.pdf', bytes('first'), 'application/pdf');
      await store.put('campaigns/c-1-flyer.pdf', bytes('second version'), 'application/x-custom');
      const file = await store.get('campaigns/c-1-flyer.pdf');
      expect(new TextDecoder().decode(file!.content)).toBe('second version');
      expect(file!.contentType).toBe('application/x-custom');
    });

    it('answers null for a missing file or a folder', async () => {
      await store.put('campaigns/c-1-cover.png', bytes('x'), 'image/png');
      expect(await store.get('campaigns/missing.png')).toBeNull();
      expect(await store.get('campaigns')).toBeNull();
    });

    it('tells whether a file exists', async () => {
      await store.put('logos/org-1.png', bytes('x'), 'image/png');
      expect(await store.exists('logos/org-1.png')).toBe(true);
      expect(await store.exists('logos/org-2.png')).toBe(false);
      expect(await store.exists('logos')).toBe(false);
    });

    it('deletes a file, and deleting a missing one is not an error', async () => {
      await store.put('logos/org-1.png', bytes('x'), 'image/png');
      await store.delete('logos/org-1.png');
      expect(await store.exists('logos/org-1.png')).toBe(false);
      expect(await store.get('logos/org-1.png')).toBeNull();
      await expect(store.delete('logos/org-1.png')).resolves.toBeUndefined();
      await expect(store.delete('never/was.png')).resolves.toBeUndefined();
    });

    it('answers a url of the base url and the encoded path', () => {
      expect(store.url('campaigns/c 1/été #1.png')).toBe(`${BASE_URL}/campaigns/c%201/%C3%A9t%C3%A9%20%231.png`);
    });

    it('reads the path back from its url, and nothing from other addresses', () => {
      const path = 'campaigns/c 1/été #1.png';
      expect(store.pathOf(store.url(path))).toBe(path);
      expect(store.pathOf('https://elsewhere.example/campaigns/c-1.png')).toBeNull();
      expect(store.pathOf(`${BASE_URL}/../secrets.txt`)).toBeNull();
      expect(store.pathOf(`${BASE_URL}/%2e%2e/secrets.txt`)).toBeNull();
      expect(store.pathOf(`${BASE_URL}/`)).toBeNull();
    });

    it('reads the path of an address it gave under a base it was served at before', () => {
      expect(store.pathOf(`${FORMER_BASE_URL}/campaigns/c%201/cover.png`)).toBe('campaigns/c 1/cover.png');
      expect(store.pathOf(`${FORMER_BASE_URL}/../secrets.txt`)).toBeNull();
      expect(store.pathOf('http://localhost:3000/other/cover.png')).toBeNull();
    });

    it.each(LEAVING_PATHS)('refuses the path %j that would leave the root, with an invalid error', async (path) => {
      await expect(store.put(path, bytes('x'), 'text/plain')).rejects.toMatchObject({ code: 'invalid' });
      await expect(store.get(path)).rejects.toMatchObject({ code: 'invalid' });
      await expect(store.exists(path)).rejects.toMatchObject({ code: 'invalid' });
      await expect(store.delete(path)).rejects.toMatchObject({ code: 'invalid' });
      expect(() => store.url(path)).toThrow(expect.objectContaining({ code: 'invalid' }));
    });

    it('refuses a path that is both a file and a folder with a conflict', async () => {
      await store.put('campaigns/c-1', bytes('x'), 'text/plain');
      await expect(store.put('campaigns/c-1/cover.png', bytes('x'), 'image/png')).rejects.toMatchObject({
        code: 'conflict',
      });
      await store.put('logos/org-1/logo.png', bytes('x'), 'image/png');
      await expect(store.put('logos/org-1', bytes('x'), 'image/png')).rejects.toMatchObject({ code: 'conflict' });
    });
  };

for (const implementation of implementations) {
  const title = `FileStore (${implementation.name})`;
  describe.skipIf(implementation.unavailable)(
    implementation.unavailable ? `${title} (NOT RUN: ${implementation.unavailable})` : title,
    fileStoreContract(implementation),
  );
}

describe('local disk FileStore', () => {
  it('serves what an earlier store on the same root stored, content type included', async () => {
    const root = await mkdtemp(join(tmpdir(), 'file-store-'));
    folders.push(root);
    await createLocalDiskFileStore({ root, baseUrl: BASE_URL }).put('a/b.bin', bytes('x'), 'application/x-thing');
    const file = await createLocalDiskFileStore({ root, baseUrl: BASE_URL }).get('a/b.bin');
    expect(file?.contentType).toBe('application/x-thing');
  });

  it('types a file placed by hand by its extension', async () => {
    const root = await mkdtemp(join(tmpdir(), 'file-store-'));
    folders.push(root);
    await mkdir(join(root, 'logos'));
    await writeFile(join(root, 'logos', 'org-1.PNG'), 'x');
    const store = createLocalDiskFileStore({ root, baseUrl: BASE_URL });
    expect((await store.get('logos/org-1.PNG'))?.contentType).toBe('image/png');
  });

  it('writes nothing outside its root, even when refusing', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'file-store-'));
    folders.push(parent);
    const store = createLocalDiskFileStore({ root: join(parent, 'root'), baseUrl: BASE_URL });
    await expect(store.put('../escaped.txt', bytes('x'), 'text/plain')).rejects.toMatchObject({ code: 'invalid' });
    await store.put('inside.txt', bytes('x'), 'text/plain');
    expect((await readdir(parent)).sort()).toEqual(['root']);
  });
});
