import { describe, expect, test } from 'vitest';
import { describeAdFile, filesOfOtherFormat } from './ad-files';

describe('describing an ad file', () => {
  test.each([
    [
      'a medium rectangle within its weight',
      { typeFormat: 'display', width: 300, height: 250, sizeBytes: 12_000 },
      { title: '300×250 Medium rectangle', detail: '12 KB of 150 KB', tooHeavy: false },
    ],
    [
      'a mobile banner over its weight',
      { typeFormat: 'display', width: 320, height: 50, sizeBytes: 60 * 1024 },
      { title: '320×50 Mobile leaderboard', detail: '60 KB of 50 KB', tooHeavy: true },
    ],
    [
      'a billboard of unknown weight',
      { typeFormat: 'display', width: 970, height: 250, sizeBytes: null },
      { title: '970×250 Billboard', detail: 'up to 250 KB', tooHeavy: false },
    ],
    [
      'a video with its length',
      { typeFormat: 'video', width: 640, height: 360, sizeBytes: 1_300_000, durationSeconds: 15.02 },
      { title: 'Video, 640×360', detail: '15 s · 1.3 MB of 10 MB', tooHeavy: false },
    ],
    [
      'a saved video, whose length the draft does not keep',
      { typeFormat: 'video', width: 640, height: 360, sizeBytes: 1_300_000 },
      { title: 'Video, 640×360', detail: '1.3 MB of 10 MB', tooHeavy: false },
    ],
  ] as const)('%s', (_case, file, description) => {
    expect(describeAdFile(file)).toEqual(description);
  });
});

test.each([
  ['display', ['video.mp4']],
  ['video', ['banner.png']],
  ['', []],
])('files that do not fit a %j campaign: %j', (channel, names) => {
  const files = [
    { name: 'banner.png', typeFormat: 'display' as const },
    { name: 'video.mp4', typeFormat: 'video' as const },
  ];
  expect(filesOfOtherFormat(files, channel).map((file) => file.name)).toEqual(names);
});
