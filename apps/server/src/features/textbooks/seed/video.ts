/**
 * Makes the demo network-learning lessons: short slide videos (H.264/AAC MP4 with faststart, an
 * HLS rendition of 3-second segments, and a JPEG poster) rendered by the static ffmpeg binary
 * that the npm package @ffmpeg-installer/ffmpeg ships (no download at install time). Text is
 * drawn with Noto Sans SC from npm. The ffmpeg package is a development dependency loaded only when
 * a video is made (production refuses the demo seed and installs without it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { subjectColours } from '../covers';
import { regularFontPath } from './pdf';

const run = promisify(execFile);

/** Seconds each slide stays on screen. */
const SLIDE_SECONDS = 3;

/** The ffmpeg binary, made executable in a cache dir when the package's own copy is not. */
async function ffmpegPath(cacheDir: string): Promise<string> {
  const { default: ffmpegInstaller } = await import('@ffmpeg-installer/ffmpeg');
  const p = ffmpegInstaller.path;
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return p;
  } catch {
    const copy = path.join(cacheDir, 'bin', 'ffmpeg');
    if (!fs.existsSync(copy)) {
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.copyFileSync(p, copy);
      fs.chmodSync(copy, 0o755);
    }
    return copy;
  }
}

export interface LessonVideoInput {
  title: string;
  bookTitle: string;
  subject: string;
  slides: string[];
}

export interface LessonVideoFiles {
  mp4: string;
  hls: string;
  poster: string;
  durationSec: number;
}

const q = (p: string) => p.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

/**
 * Renders one lesson into `outDir` (video.mp4, hls/index.m3u8 + segments, poster.jpg).
 * @throws when ffmpeg fails (the caller logs and seeds without that video).
 */
export async function renderLessonVideo(
  input: LessonVideoInput,
  outDir: string,
  cacheDir: string,
): Promise<LessonVideoFiles> {
  const ffmpeg = await ffmpegPath(cacheDir);
  const [deep, light] = subjectColours(input.subject);
  const duration = input.slides.length * SLIDE_SECONDS;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-video-'));
  try {
    fs.mkdirSync(path.join(outDir, 'hls'), { recursive: true });
    const font = q(regularFontPath());
    const textFile = (name: string, text: string) => {
      const f = path.join(tmp, name);
      fs.writeFileSync(f, text, 'utf8');
      return q(f);
    };
    const header = textFile('header.txt', input.bookTitle);
    const footer = textFile('footer.txt', `数字教材服务平台 · 网络学习   ${input.title}`);
    const slides = input.slides.map((s, i) => {
      const from = i * SLIDE_SECONDS;
      const to = from + SLIDE_SECONDS;
      const size = i === 0 ? 40 : 30;
      // Each slide fades in over half a second.
      return `drawtext=fontfile='${font}':textfile='${textFile(`s${i}.txt`, s)}':fontsize=${size}:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-20:enable='between(t,${from},${to})':alpha='min(1,(t-${from})*2)'`;
    });
    const filter = [
      `[0:v]`,
      `drawbox=x=0:y=0:w=iw:h=56:color=black@0.18:t=fill,`,
      `drawbox=x=0:y=306:w=iw:h=54:color=white@1:t=fill,`,
      `drawbox=x=0:y=56:w=10:h=250:color=0x${light.slice(1)}@1:t=fill,`,
      `drawtext=fontfile='${font}':textfile='${header}':fontsize=18:fontcolor=white@0.9:x=24:y=18,`,
      `drawtext=fontfile='${font}':textfile='${footer}':fontsize=16:fontcolor=0x${deep.slice(1)}:x=24:y=324,`,
      slides.join(','),
      `[base];[base][1:v]overlay=x='-w+w*t/${duration}':y=302[v];`,
      `[2:a]volume=0.05,afade=t=in:d=0.5,afade=t=out:st=${duration - 0.8}:d=0.8[a]`,
    ].join('');
    const mp4 = path.join(outDir, 'video.mp4');
    await run(
      ffmpeg,
      [
        '-y',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `color=c=0x${deep.slice(1)}:s=640x360:r=25:d=${duration}`,
        '-f',
        'lavfi',
        '-i',
        `color=c=0xffd166:s=640x4:r=25:d=${duration}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=392:sample_rate=44100:duration=${duration}`,
        '-filter_complex',
        filter,
        '-map',
        '[v]',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '75',
        '-crf',
        '26',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-movflags',
        '+faststart',
        '-t',
        String(duration),
        mp4,
      ],
      { timeout: 120_000 },
    );
    await run(
      ffmpeg,
      [
        '-y',
        '-v',
        'error',
        '-i',
        mp4,
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        '3',
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(outDir, 'hls', 'seg%03d.ts'),
        path.join(outDir, 'hls', 'index.m3u8'),
      ],
      { timeout: 60_000 },
    );
    await run(
      ffmpeg,
      ['-y', '-v', 'error', '-ss', '0.8', '-i', mp4, '-frames:v', '1', '-q:v', '3', path.join(outDir, 'poster.jpg')],
      { timeout: 30_000 },
    );
    return {
      mp4,
      hls: path.join(outDir, 'hls', 'index.m3u8'),
      poster: path.join(outDir, 'poster.jpg'),
      durationSec: duration,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
