/**
 * Editorial content beyond SPEC §7's list (decided in issue 7): static copy pages, poll answering, home layouts by
 * name, and the staff editor's calls under /editor/….
 */
import type { IsoDateTime } from './common.js';
import type { Article, RawArticle } from './catalog.js';
import type { Poll, PollOption, PollQuestion } from './content.js';
import type { ContentPreview } from './workspace.js';

/** GET /pages/{slug}: a static copy page. `body` is sanitised HTML (allow-list). */
export interface RawStaticPage {
  slug: string;
  title: string;
  body: string;
  updated_at: IsoDateTime;
  /** The articles of the body's product cards (`<div data-product-card="{id}">`) that are in the web shop, each once. */
  body_articles: RawArticle[];
  /** Only in a preview answer to an editor (GET /pages/{slug}?forhandsvisning=1): the page's status. */
  preview?: ContentPreview;
}

export interface StaticPageContent {
  slug: string;
  title: string;
  body: string;
  updatedAt: IsoDateTime;
  /** The body's product cards' articles (those in the web shop); a card whose article is not here renders nothing. */
  bodyArticles: Article[];
  /** Only when an editor previews it. */
  preview?: ContentPreview;
}

/** One answer in the body of POST /polls/{id}/answers ({ answers: PollAnswerInput[] }). */
export interface PollAnswerInput {
  question_id: number;
  option_id: number;
}

/** GET /editor/session: the logged-in staff member (401 without login, 403 for customers). */
export interface EditorSession {
  id: number;
  email: string;
  name: string;
  /** STAFF_ROLES value: 'staff' (editor) or 'admin' (also staff accounts and the audit log). */
  role: string;
}

/** Body of POST /editor/blog/posts and PUT /editor/blog/posts/{id}. `body` HTML is sanitised on write. */
export interface BlogPostInput {
  title: string;
  /** Defaults to the slug of the title (SPEC §9 rule). */
  slug?: string;
  body: string;
  featured_image?: string | null;
  main_article_id?: number | null;
  related_article_ids?: number[];
  category_ids?: number[];
  /** true publishes now (or keeps the earlier publication time); false makes it a draft. */
  published: boolean;
  /** The version this save is based on (or send If-Match); required when changing what exists, never on create. */
  version?: number;
  /**
   * A live post only: shoppers keep seeing what is published and this save waits as its pending changes (editors and
   * previews see them; POST …/status `publish` puts them live, POST …/discard drops them; `published` is ignored). The
   * address (`slug`) cannot change this way. On a post that is not live the save is simply the post.
   */
  pending?: boolean;
}

/** Answer of the editor's blog calls (drafts included). */
export interface EditorBlogPost {
  id: number;
  slug: string;
  title: string;
  body: string;
  featured_image: string | null;
  main_article_id: number | null;
  related_article_ids: number[];
  category_ids: number[];
  published_at: IsoDateTime | null;
  /** Send it back with the next save (ContentSummary.version). */
  version: number;
  /** The fields above are saved changes to a live post that shoppers do not see yet (BlogPostInput.pending). */
  pending_changes: boolean;
}

/**
 * An uploaded content image as the editor's API gives it (POST /editor/images, GET /editor/images). Its derived sizes
 * are `imageWidths(width)` in every IMAGE_FORMATS (@shop/contracts/images), at `imageUrl(id, width, format)`.
 */
export interface EditorImage {
  id: string;
  alt: string;
  /** The original's pixels (after turning it upright by its EXIF orientation). */
  width: number;
  height: number;
  /** Bytes of the file as uploaded. */
  bytes: number;
  /** The staff member who uploaded it; null once that account is gone. */
  uploaded_by: string | null;
  created_at: IsoDateTime;
}

/** A page of GET /editor/images, newest first. */
export interface EditorImagePage {
  items: EditorImage[];
  total: number;
  page: number;
  per_page: number;
}

/** Body of POST /editor/polls and PUT /editor/polls/{id}. */
export interface PollInput {
  name: string;
  description?: string | null;
  banner_desktop?: string | null;
  banner_mobile?: string | null;
  active: boolean;
  /** A quiz with a prize draw: logged-in customers only may answer. Default false on create; kept when left out. */
  prize_draw?: boolean;
  /**
   * On create only: true makes the poll live at once; otherwise it starts as a draft that only staff see, and is
   * published, scheduled or unpublished through the workspace's status call (like every piece of content).
   */
  published?: boolean;
  /** Required on create; on update, questions can be replaced only while nobody has answered. */
  questions?: Array<{ text: string; options: Array<{ text: string; correct: boolean }> }>;
  /** The version this save is based on (or send If-Match); required when changing what exists, never on create. */
  version?: number;
}

/** Answer of the editor's poll calls. */
export type EditorPoll = Omit<Poll, 'questions'> & {
  active: boolean;
  version: number;
  /** The editor sees which options are correct (a quiz); shoppers do not. */
  questions: Array<Omit<PollQuestion, 'options'> & { options: Array<PollOption & { correct: boolean }> }>;
};

/** Body of PUT /editor/home/{name}: the banner slots (RawSettings keys) and whether this is the live home page. */
export interface HomeLayoutInput {
  slots: Record<string, unknown>;
  published: boolean;
  /** The version this save is based on (or send If-Match); required when changing what exists, never on create. */
  version?: number;
}

/** Body of PUT /editor/pages/{slug}. */
export interface StaticPageInput {
  title: string;
  body: string;
  /** The version this save is based on (or send If-Match); required when changing what exists, never on create. */
  version?: number;
  /** A live page only: save as pending changes, as BlogPostInput.pending. */
  pending?: boolean;
}

/** A home layout as the editor sees it (GET /editor/content/home-layout/{name} `content`, revisions' snapshots). */
export interface EditorHomeLayout {
  name: string;
  slots: Record<string, unknown>;
  published: boolean;
  publish_from: IsoDateTime | null;
  publish_until: IsoDateTime | null;
}

/** A copy page as the editor sees it (drafts and unpublished pages too). */
export interface EditorStaticPage {
  slug: string;
  title: string;
  body: string;
  published_at: IsoDateTime | null;
  /** Title and body are saved changes to a live page that shoppers do not see yet (StaticPageInput.pending). */
  pending_changes: boolean;
}
