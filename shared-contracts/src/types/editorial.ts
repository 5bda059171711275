/**
 * Editorial content beyond SPEC §7's list (decided in issue 7): static copy pages, poll answering, home layouts by
 * name, and the staff editor's calls under /editor/….
 */
import type { IsoDateTime } from './common.js';
import type { Poll, PollOption, PollQuestion } from './content.js';

/** GET /pages/{slug}: a static copy page. `body` is sanitised HTML (allow-list). */
export interface RawStaticPage {
  slug: string;
  title: string;
  body: string;
  updated_at: IsoDateTime;
}

export interface StaticPageContent {
  slug: string;
  title: string;
  body: string;
  updatedAt: IsoDateTime;
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
}
