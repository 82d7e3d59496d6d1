import { describe, expect, it } from 'vitest';
import type { ChatRequest, Provider } from '../../../src/core/providers/types';
import { decodeBase64, encodeBase64 } from '../../../src/core/vision/base64';
import { BlindModelError, canSee, requireSight, withSight } from '../../../src/core/vision/can-see';
import {
  checkImages,
  checkImageUrls,
  ImageError,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  sniffImage,
} from '../../../src/core/vision/image-limits';
import { PROVIDERS } from '../../../src/providers/registry';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = new TextEncoder().encode('GIF89a');

describe('image limits', () => {
  it('tells PNG and JPEG by their bytes, whatever the data URL claims', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(GIF)).toBeUndefined();
    expect(checkImageUrls([`data:image/png;base64,${encodeBase64(JPEG)}`])).toEqual([JPEG.length]);
    expect(() => checkImageUrls([`data:image/png;base64,${encodeBase64(GIF)}`])).toThrow(/not a PNG or JPEG/);
  });

  it('refuses what is not a base64 data URL: a model never fetches a URL for us', () => {
    expect(() => checkImageUrls(['https://example.com/cat.png'])).toThrow(/not a base64 data URL/);
    expect(() => checkImageUrls(['data:image/png;base64,@@@@'])).toThrow(/not valid base64/);
  });

  it('refuses one byte over the size limit and one image over the count, saying what is accepted', () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(() => checkImages([{ label: 'big.png', bytes: big }])).toThrow(
      /big\.png is 4\.0 MB, over the 4\.0 MB limit.*PNG or JPEG/,
    );
    const exact = big.slice(0, MAX_IMAGE_BYTES);
    expect(checkImages([{ label: 'ok.png', bytes: exact }])[0]?.bytes).toBe(MAX_IMAGE_BYTES);
    const many = Array.from({ length: MAX_IMAGES + 1 }, (_, i) => ({ label: `${i}`, bytes: PNG }));
    expect(() => checkImages(many)).toThrow(ImageError);
    expect(() => checkImages(many)).toThrow(/5 images given; a request takes at most 4/);
  });

  it('encodes base64 as the platform does, both ways', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(text)).toEqual(bytes);
    }
  });
});

describe('who can see', () => {
  it("reads each provider's declaration: simulated always, WebLLM's vision builds, an endpoint when stated", () => {
    expect(canSee(PROVIDERS, { provider: 'simulated', model: 'any' })).toBe(true);
    expect(canSee(PROVIDERS, { provider: 'webllm', model: 'Phi-3.5-vision-instruct-q4f16_1-MLC' })).toBe(
      true,
    );
    expect(canSee(PROVIDERS, { provider: 'webllm', model: 'Llama-3.2-1B-Instruct-q4f32_1-MLC' })).toBe(false);
    expect(canSee(PROVIDERS, { provider: 'openai', model: 'gpt-4o' })).toBe(false);
    expect(canSee(PROVIDERS, { provider: 'openai', model: 'gpt-4o', stated: true })).toBe(true);
    expect(() =>
      requireSight(PROVIDERS, { provider: 'webllm', model: 'Llama-3.2-1B-Instruct-q4f32_1-MLC' }),
    ).toThrow(
      /model Llama-3\.2-1B-Instruct-q4f32_1-MLC \(webllm\) cannot see images; models that can: .*Phi-3\.5-vision/,
    );
  });

  it('guards a provider: a request with images to a blind model never reaches it', async () => {
    const calls: ChatRequest[] = [];
    const inner: Provider = {
      name: 'fake',
      complete: async (r) => {
        calls.push(r);
        return {
          id: 'x',
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        };
      },
    };
    const blind = withSight(inner, false, () => {
      throw new BlindModelError('model m cannot see images');
    });
    const image: ChatRequest = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${encodeBase64(PNG)}` } },
          ],
        },
      ],
    };
    await expect(blind.complete(image)).rejects.toThrow(/cannot see images/);
    expect(calls).toHaveLength(0);
    await blind.complete({ model: 'm', messages: [{ role: 'user', content: 'text only' }] });
    expect(calls).toHaveLength(1);
    const seeing = withSight(inner, true, () => {
      throw new Error('unreachable');
    });
    await seeing.complete(image);
    expect(calls).toHaveLength(2);
  });
});
