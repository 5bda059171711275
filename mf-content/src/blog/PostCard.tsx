import { Link } from 'react-router-dom';
import { formatDateLong } from '@shop/contracts/format';
import { pathFor } from '@shop/contracts/routes';
import type { BlogPost } from '@shop/contracts/types';
import { TimeAgo } from '../shared/TimeAgo.js';
import { ContentImage } from '../shared/ContentImage.js';
import styles from '../content.module.css';

/**
 * One post's card, on the blog list and the home page. A module of its own so the home page's chunk holds the card
 * and not the whole blog list page (its loader, head and "Vis flere"), which the home page never shows.
 */
export function PostCard({ post }: { post: BlogPost }) {
  return (
    <Link className={styles.card} to={pathFor('blogPost', { slug: post.slug })}>
      {post.featuredImage && <ContentImage src={post.featuredImage} alt="" loading="lazy" maxWidth={480} />}
      <span className={styles.cardBody}>
        <strong>{post.title}</strong>
        <br />
        <small>
          <TimeAgo at={post.publishedAt} absolute={formatDateLong} />
        </small>
      </span>
    </Link>
  );
}
