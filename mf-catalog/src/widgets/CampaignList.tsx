import { Link } from 'react-router-dom';
import { getCampaigns, getCombinedCampaignArticles } from '@shop/contracts/api';
import { formatDate } from '@shop/contracts/format';
import type { CampaignDisplay } from '@shop/contracts/types';
import { ProductGrid } from '../listing/ProductGrid.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import styles from './Widget.module.css';

export interface CampaignListProps {
  /** Also show the campaigns' articles (GET /campaigns/combined/articles). */
  withArticles?: boolean;
  title?: string;
}

/**
 * Exposed as `mf_catalog/CampaignList`: the campaigns running now, with image, short title ("Klikk & Hent" is shown
 * as "Ukens annonse!"), end date and link; optionally their articles. Renders nothing when none run.
 */
export default function CampaignList({ withArticles = false, title = texts.campaigns }: CampaignListProps) {
  const [data] = useLoad(
    async (signal) =>
      withArticles ? getCombinedCampaignArticles({ signal }) : { campaigns: await getCampaigns({ signal }), articles: [] },
    [withArticles],
  );
  if (data.status !== 'ready' || data.value.campaigns.length === 0) return null;
  return (
    <section className={styles.widget} aria-labelledby="campaigns-title">
      <h2 id="campaigns-title" className={styles.title}>
        {title}
      </h2>
      <ul className={styles.campaigns}>
        {data.value.campaigns.map((campaign) => (
          <li key={campaign.id}>
            <CampaignCard campaign={campaign} />
          </li>
        ))}
      </ul>
      {withArticles && data.value.articles.length > 0 && <ProductGrid articles={data.value.articles} label={title} />}
    </section>
  );
}

function CampaignCard({ campaign }: { campaign: CampaignDisplay }) {
  const body = (
    <>
      {campaign.showImage && campaign.image && <img src={campaign.image} alt="" width={600} height={200} loading="lazy" decoding="async" />}
      {campaign.showLabel && campaign.shortDescription && <span className={styles.badge}>{campaign.shortDescription}</span>}
      <h3>{campaign.name}</h3>
      {campaign.description && <p className={styles.muted}>{campaign.description}</p>}
      <p className={styles.muted}>
        {texts.campaignEnds(formatDate(campaign.end))} · {texts.campaignArticles(campaign.count)}
      </p>
    </>
  );
  if (!campaign.url) return <div className={styles.campaign}>{body}</div>;
  return /^https?:\/\//.test(campaign.url) ? (
    <a className={styles.campaign} href={campaign.url}>
      {body}
    </a>
  ) : (
    <Link className={styles.campaign} to={campaign.url}>
      {body}
    </Link>
  );
}
