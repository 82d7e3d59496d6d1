import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AdapterLike, type GpuLike, probeWebGpu } from '../../src/adapters/browser/webgpu-probe';

// Real Chromium, launched with --disable-gpu and without --enable-unsafe-webgpu (vitest.config.ts):
// the page has no adapter, as on a machine whose GPU Chrome will not use.

const adapter = (features: string[], info: AdapterLike['info']): AdapterLike => ({
  features: new Set(features),
  limits: { maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 },
  ...(info ? { info } : {}),
});

describe('probeWebGpu', () => {
  it("takes the browser's own GPU object", () => {
    expectTypeOf<GPU>().toExtend<GpuLike>();
  });

  it("reports this browser's missing adapter with a fix", async () => {
    const probe = await probeWebGpu();
    expect(probe.ok).toBe(false);
    if (probe.ok) return;
    // navigator.gpu exists only in secure contexts (the test page is on localhost).
    expect(probe.reason).toBe('gpu' in navigator ? 'no-adapter' : 'no-api');
    expect(probe.message).not.toBe('');
    expect(probe.fix.length).toBeGreaterThan(20);
    if (probe.reason === 'no-adapter') expect(probe.fix).toMatch(/chrome:\/\/gpu.*--enable-unsafe-webgpu/s);
  });

  it('reads features, limits and adapter info from a GPU without shader-f16', async () => {
    const gpu: GpuLike = {
      requestAdapter: async () =>
        adapter(['timestamp-query'], {
          vendor: 'google',
          architecture: 'swiftshader',
          isFallbackAdapter: true,
        }),
    };
    expect(await probeWebGpu(gpu)).toEqual({
      ok: true,
      shaderF16: false,
      maxStorageBufferBindingSize: 2 ** 30,
      maxBufferSize: 2 ** 30,
      vendor: 'google',
      architecture: 'swiftshader',
      isFallbackAdapter: true,
    });
  });

  it('falls back to requestAdapterInfo() on older browsers, and sees shader-f16', async () => {
    const gpu: GpuLike = {
      requestAdapter: async () => ({
        ...adapter(['shader-f16'], undefined),
        requestAdapterInfo: async () => ({ vendor: 'nvidia', architecture: 'ampere' }),
      }),
    };
    expect(await probeWebGpu(gpu)).toMatchObject({ ok: true, shaderF16: true, vendor: 'nvidia' });
  });

  it('answers, never throws, when there is no API or requestAdapter fails or hangs', async () => {
    expect(await probeWebGpu(null)).toMatchObject({
      ok: false,
      reason: 'no-api',
      message: 'This browser has no WebGPU.',
    });
    const failing: GpuLike = { requestAdapter: () => Promise.reject(new Error('GPU process crashed')) };
    expect(await probeWebGpu(failing)).toMatchObject({ ok: false, reason: 'error' });
    const hanging: GpuLike = { requestAdapter: () => new Promise(() => {}) };
    const probe = await probeWebGpu(hanging, { timeoutMs: 20 });
    expect(probe).toMatchObject({ ok: false, reason: 'error' });
  });
});
