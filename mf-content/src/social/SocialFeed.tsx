import { getSocialPosts } from '@shop/contracts/api';
import { useLoad } from '../shared/useLoad.js';
import { texts } from './texts.js';
import styles from '../content.module.css';

export interface SocialFeedProps {
  limit?: number;
  title?: string;
}

/** The social feed (GET /fb/getPosts). Failure shows the catalogue's text "Error: Something went wrong" (SPEC §8). */
export default function SocialFeed({ limit = 8, title = texts.socialTitle }: SocialFeedProps) {
  const [state] = useLoad((signal) => getSocialPosts({ signal }), []);
  return (
    <section className={styles.section} aria-labelledby="social-title">
      <h2 id="social-title">{title}</h2>
      {state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {(state.status === 'failed' || state.status === 'missing') && <p role="alert">{texts.socialError}</p>}
      {state.status === 'ready' && (
        <ul className={styles.feed}>
          {state.data.slice(0, limit).map((post) => (
            <li key={post.id}>
              <a href={post.url}>
                <img src={post.image} alt={post.caption} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
