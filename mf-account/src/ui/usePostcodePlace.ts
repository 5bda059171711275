import { useEffect, useMemo, useRef, useState } from 'react';
import { cityFromAnswer, createPostcodeLookup, type PostcodeAnswer } from '@shop/contracts/api';

/**
 * A postcode field's live lookup (the shared createPostcodeLookup of the contracts): as the postcode is typed, a known
 * code fills the city through `setCity` (forms without a city pass none) and the answer for an unknown code is
 * returned as the field's message, for the code in the field now only.
 */
export function usePostcodePlace(postcode: string, city = '', setCity?: (city: string) => void): string | undefined {
  const [answer, setAnswer] = useState<PostcodeAnswer>({ status: 'incomplete' });
  const latest = useRef({ city, setCity });
  latest.current = { city, setCity };
  const lookup = useMemo(
    () =>
      createPostcodeLookup((next) => {
        setAnswer(next);
        const place = cityFromAnswer(next, latest.current.city);
        if (place !== null) latest.current.setCity?.(place);
      }),
    [],
  );
  useEffect(() => () => lookup.dispose(), [lookup]);
  useEffect(() => lookup.change(postcode), [lookup, postcode]);
  return answer.status === 'unknown' && answer.postcode === postcode.trim() ? answer.message : undefined;
}
