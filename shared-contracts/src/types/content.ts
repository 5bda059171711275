/** Content: blog, polls, social posts, breadcrumbs, cookie consent. */
import type { IsoDateTime, PageMeta } from './common.js';
import type { Article, RawArticle } from './catalog.js';
import type { ContentPreview } from './workspace.js';

// ── blog ──

/** Items of GET /blog/categories; nested in RawBlogPost.categories. */
export interface RawBlogCategory {
  id: number;
  slug: string;
  name: string;
  posts_count: number;
}

/**
 * Items of GET /blog/posts (RawPaginated) and of RawBlogCategoryPage.posts; answer of GET /blog/{slug} and
 * GET /blog/post/{id}. `body` is trusted HTML written by staff.
 */
export interface RawBlogPost {
  id: number;
  title: string;
  body: string;
  slug: string;
  featured_image: string | null;
  main_article: RawArticle | null;
  related_articles: RawArticle[];
  /** The articles of the body's product cards (`<div data-product-card="{id}">`) that are in the web shop, each once. */
  body_articles: RawArticle[];
  categories: RawBlogCategory[];
  published_at: IsoDateTime;
  /** Only in a preview answer to an editor (GET /blog/{slug}?forhandsvisning=1): the post's status. */
  preview?: ContentPreview;
}

/** GET /blog/category/{slug}. */
export interface RawBlogCategoryPage {
  category: RawBlogCategory;
  posts: { data: RawBlogPost[]; meta: PageMeta };
}

export interface BlogCategory {
  id: number;
  slug: string;
  name: string;
  postsCount: number;
}

export interface BlogPost {
  id: number;
  title: string;
  body: string;
  slug: string;
  featuredImage: string | null;
  mainArticle: Article | null;
  relatedArticles: Article[];
  /** The body's product cards' articles (those in the web shop); a card whose article is not here renders nothing. */
  bodyArticles: Article[];
  categories: BlogCategory[];
  publishedAt: IsoDateTime;
  /** Only when an editor previews it: its status (the page shows the preview banner). */
  preview?: ContentPreview;
}

export interface BlogCategoryPage {
  category: BlogCategory;
  posts: { data: BlogPost[]; meta: PageMeta };
}

// ── polls (the API's snake_case shape is also the web shape) ──

export interface PollOption {
  id: number;
  question_id: number;
  text: string;
}

export interface PollQuestion {
  id: number;
  poll_id: number;
  text: string;
  options: PollOption[];
}

/** GET /polls/active (array) and GET /polls/{id}. */
export interface Poll {
  id: number;
  name: string;
  description: string | null;
  banner_desktop: string | null;
  banner_mobile: string | null;
  /** False once the poll is closed: it still shows its results but takes no more answers. */
  active: boolean;
  /** A quiz with a prize draw: only logged-in customers may answer (an anonymous answer is a 401). */
  prize_draw: boolean;
  /**
   * A quiz: some option is marked right, so an answer is right or wrong and the shopper gets a score. A plain poll
   * (no right answers) asks opinions: it shows how everyone voted, never "wrong".
   */
  quiz: boolean;
  questions: PollQuestion[];
  /** Only in a preview answer to an editor (GET /polls/{id}?forhandsvisning=1): the poll's status. */
  preview?: ContentPreview;
}

/** Items of GET /polls/questions/{id}/answers and GET /polls/{id}/answers (the current session's answers). */
export interface PollAnswer {
  question_id: number;
  option_id: number;
  correct: boolean;
}

/** GET /polls/{id}/score. */
export interface PollScore {
  poll_id: number;
  /** Correct answers of the current session. */
  score: number;
  /** Number of questions. */
  total: number;
}

/** GET /polls/questions/{id}/score: how many chose each option. */
export interface QuestionScore {
  question_id: number;
  options: Array<{ option_id: number; count: number }>;
  total: number;
}

export type RawPoll = Poll;
export type RawPollAnswer = PollAnswer;
export type RawPollScore = PollScore;
export type RawQuestionScore = QuestionScore;

// ── social ──

/** Items of GET /fb/getPosts (Instagram Graph API field names). */
export interface RawSocialPost {
  id: string;
  caption: string | null;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_url: string;
  permalink: string;
  timestamp: IsoDateTime;
}

export interface SocialPost {
  id: string;
  caption: string;
  image: string;
  url: string;
  date: IsoDateTime;
  isVideo: boolean;
}

// ── navigation ──

/** Route params of a breadcrumb; `scrollY` is the saved scroll position (SPEC §3). */
export type BreadcrumbParams = Record<string, string | number | undefined> & { scrollY?: number };

/** A breadcrumb entry (last 10 kept in session storage). `name` is a route name. */
export interface Breadcrumb {
  name: string;
  params: BreadcrumbParams;
  title: string;
}
