import { describe, expect, it } from 'vitest';
import { PositionError, browserPosition } from './position.js';

/** A Geolocation that answers like a browser would: with a position or with a GeolocationPositionError. */
function geolocation(answer: { coords: { latitude: number; longitude: number } } | { code: number; message: string }): Geolocation {
  return {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null) {
      if ('coords' in answer) success(answer as unknown as GeolocationPosition);
      else failure?.(answer as GeolocationPositionError);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  } as Geolocation;
}

describe('browserPosition (SPEC §5: a zipcode or browser geolocation, else a position error)', () => {
  it('gives latitude and longitude', async () => {
    await expect(browserPosition(geolocation({ coords: { latitude: 59.91, longitude: 10.75 } }))).resolves.toEqual({ lat: 59.91, lng: 10.75 });
  });

  it('a refusal is a position error with the code and message', async () => {
    const error = await browserPosition(geolocation({ code: 1, message: 'User denied Geolocation' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PositionError);
    expect(error).toMatchObject({ code: 1, message: 'User denied Geolocation' });
  });

  it('no geolocation in the browser is a position error', async () => {
    const error = await browserPosition(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PositionError);
    expect((error as PositionError).code).toBe('NO_POSITION');
  });
});
