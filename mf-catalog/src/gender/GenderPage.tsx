import { useParams } from 'react-router-dom';
import { resolveGenderUrl, type GenderRoute } from '@shop/contracts/routes';
import { texts } from '../texts.js';
import { GenderLanding } from './GenderLanding.js';

/**
 * Exposed as `mf_catalog/GenderPage`: a gender landing on its own (CategoryPage with a `gender` prop does the same).
 * `gender` is the mapped route (voksen → uni with url voksen); without it the first URL segment is read.
 */
export default function GenderPage(props: { gender?: GenderRoute | null }) {
  const params = useParams();
  const gender = props.gender ?? resolveGenderUrl(params.gender ?? params.categoryName ?? '');
  if (!gender) return <p>{texts.categoryNotFound}</p>;
  return <GenderLanding gender={gender} />;
}
