import { describe, expect, test } from 'vitest';
import { fileUrl, pathOfFileUrl } from './file-path';

describe('file addresses on a same-origin base', () => {
  test('a file is addressed by its path on the site, and read back from it', () => {
    expect(fileUrl('/files', 'campaigns/c 1/cover.png')).toBe('/files/campaigns/c%201/cover.png');
    expect(pathOfFileUrl('/files', '/files/campaigns/c%201/cover.png')).toBe('campaigns/c 1/cover.png');
  });

  test.each([
    ['/files/campaigns/cover.png', 'campaigns/cover.png'],
    ['http://localhost:3000/files/campaigns/cover.png', 'campaigns/cover.png'],
    ['https://give.example/files/campaigns/cover.png', null],
    ['/files/../secrets.txt', null],
    ['/filesx/cover.png', null],
  ])('with a former base of the own host, %s is the path %s', (address, path) => {
    expect(pathOfFileUrl('/files', address, ['http://localhost:3000/files'])).toBe(path);
  });

  test('a file host of its own still reads the same-origin paths it was served at', () => {
    const cdn = 'https://cdn.example.org/causeway';
    expect(fileUrl(cdn, 'avatars/a.png')).toBe('https://cdn.example.org/causeway/avatars/a.png');
    expect(pathOfFileUrl(cdn, '/files/avatars/a.png', ['/files'])).toBe('avatars/a.png');
    expect(pathOfFileUrl(cdn, `${cdn}/avatars/a.png`, ['/files'])).toBe('avatars/a.png');
  });
});
