/** Encodes the loops of loops.ts as MP4 and WebM with ffmpeg, if it is installed. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Svg, rngFrom } from './lib.ts';
import { type Loop, loops } from './loops.ts';

const FPS = 24;
export async function makeVideos(root: string) {
  const ff = ['/usr/bin/ffmpeg', 'ffmpeg'].find((p) =>
    p === 'ffmpeg' ? spawnSync('ffmpeg', ['-version']).status === 0 : existsSync(p),
  );
  if (!ff) {
    console.log('videos: ffmpeg not found, keeping the committed files');
    return;
  }
  mkdirSync(join(root, 'videos'), { recursive: true });
  const names: Record<keyof typeof loops, string> = {
    splash: 'splash',
    hero: 'hero',
    greenJuice: 'green-juice',
    spinachDrink: 'spinach-drink',
  };
  for (const [key, loop] of Object.entries(loops) as [keyof typeof loops, Loop][]) {
    const dir = mkdtempSync(join(tmpdir(), `media-${key}-`));
    try {
      const basePng = await sharp(Buffer.from(loop.base().toString())).png().toBuffer();
      const href = `data:image/png;base64,${basePng.toString('base64')}`;
      const n = loop.seconds * FPS;
      for (let i = 0; i < n; i++) {
        const s = new Svg(loop.w, loop.h);
        const moving = loop.frame(s, i / n, rngFrom('frame'));
        s.add(`<image href="${href}" x="0" y="0" width="${loop.w}" height="${loop.h}"/>`, moving);
        await sharp(Buffer.from(s.toString()))
          .png({ compressionLevel: 1 })
          .toFile(join(dir, `f${String(i).padStart(4, '0')}.png`));
      }
      const mp4 = join(root, 'videos', `${names[key]}.mp4`);
      const webm = join(root, 'videos', `${names[key]}.webm`);
      const input = [
        '-y',
        '-loglevel',
        'error',
        '-framerate',
        String(FPS),
        '-i',
        join(dir, 'f%04d.png'),
        '-an',
        '-map_metadata',
        '-1',
      ];
      execFileSync(ff, [
        ...input,
        '-c:v',
        'libx264',
        '-preset',
        'veryslow',
        '-crf',
        '30',
        '-tune',
        'film',
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        'high',
        '-g',
        String(n),
        '-movflags',
        '+faststart',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        mp4,
      ]);
      execFileSync(ff, [
        ...input,
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '42',
        '-row-mt',
        '1',
        '-deadline',
        'good',
        '-cpu-used',
        '2',
        '-pix_fmt',
        'yuv420p',
        '-g',
        String(n),
        '-fflags',
        '+bitexact',
        webm,
      ]);
      console.log(
        `video ${key}: ${n} frames, mp4 ${(statSync(mp4).size / 1024).toFixed(0)} kB, webm ${(statSync(webm).size / 1024).toFixed(0)} kB`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
