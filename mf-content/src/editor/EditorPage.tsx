import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, createBlogPost, createPoll, getBlogCategories, getEditorSession } from '@shop/contracts/api';
import type { BlogCategory, EditorSession } from '@shop/contracts/types';
import { texts } from './texts.js';
import styles from '../content.module.css';
import { pathFor } from '@shop/contracts/routes';
import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import { editorHead } from './head.js';

/** Head only (noindex): the editor's session and forms are one staff member's, read in the browser. */
export const loader: PageLoader = async (context) => ({ head: editorHead(await loaderHeadContext(context)) });

type Access = { status: 'checking' } | { status: 'staff'; session: EditorSession } | { status: 'login' } | { status: 'forbidden' } | { status: 'failed' };

const errorText = (error: unknown) => {
  const data = error instanceof ApiError ? (error.data as { message?: string } | undefined) : undefined;
  return `${texts.editorFailed}: ${data?.message ?? (error instanceof Error ? error.message : '')}`;
};

/** Comma-separated ids → numbers (blank and non-numbers ignored). */
export function parseIds(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function PostForm() {
  const [categories, setCategories] = useState<BlogCategory[]>([]);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('<p></p>');
  const [image, setImage] = useState('');
  const [articleIds, setArticleIds] = useState('');
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [published, setPublished] = useState(true);
  const [message, setMessage] = useState<{ text: string; link?: string } | null>(null);

  useEffect(() => {
    getBlogCategories().then(setCategories, () => setCategories([]));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [main, ...related] = parseIds(articleIds);
    try {
      const post = await createBlogPost({
        title,
        body,
        featured_image: image.trim() || null,
        main_article_id: main ?? null,
        related_article_ids: related,
        category_ids: categoryIds,
        published,
      });
      setMessage({ text: texts.editorSaved(pathFor('blogPost', { slug: post.slug })), link: pathFor('blogPost', { slug: post.slug }) });
    } catch (error) {
      setMessage({ text: errorText(error) });
    }
  };

  return (
    <form className={styles.editorForm} onSubmit={submit} aria-labelledby="editor-post">
      <h2 id="editor-post">{texts.editorNewPost}</h2>
      <label>
        {texts.editorTitleLabel}
        <input required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        {texts.editorBodyLabel}
        <textarea required value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      <label>
        {texts.editorImageLabel}
        <input value={image} onChange={(e) => setImage(e.target.value)} placeholder="/api/v1/images/…" />
      </label>
      <label>
        {texts.editorArticlesLabel}
        <input value={articleIds} onChange={(e) => setArticleIds(e.target.value)} />
      </label>
      <fieldset className={styles.fieldset}>
        <legend>{texts.editorCategoriesLabel}</legend>
        {categories.map((c) => (
          <label key={c.id}>
            <input
              type="checkbox"
              checked={categoryIds.includes(c.id)}
              onChange={(e) => setCategoryIds((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))}
            />{' '}
            {c.name}
          </label>
        ))}
      </fieldset>
      <label>
        <span>
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} /> {texts.editorPublish}
        </span>
      </label>
      <button type="submit">{texts.editorSave}</button>
      {message && (
        <p role="status">
          {message.link ? <Link to={message.link}>{message.text}</Link> : message.text}
        </p>
      )}
    </form>
  );
}

interface DraftQuestion {
  text: string;
  options: string[];
  correct: number;
}

const emptyQuestion = (): DraftQuestion => ({ text: '', options: ['', '', ''], correct: 0 });

function PollForm() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [active, setActive] = useState(true);
  const [prizeDraw, setPrizeDraw] = useState(false);
  const [questions, setQuestions] = useState<DraftQuestion[]>([emptyQuestion()]);
  const [message, setMessage] = useState<{ text: string; link?: string } | null>(null);
  const change = (i: number, next: Partial<DraftQuestion>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...next } : q)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const poll = await createPoll({
        name,
        description: description.trim() || null,
        active,
        prize_draw: prizeDraw,
        questions: questions.map((q) => ({
          text: q.text,
          options: q.options.map((text, i) => ({ text, correct: i === q.correct })).filter((o) => o.text.trim() !== ''),
        })),
      });
      setMessage({ text: texts.editorPollSaved(pathFor('poll', { id: poll.id })), link: pathFor('poll', { id: poll.id }) });
    } catch (error) {
      setMessage({ text: errorText(error) });
    }
  };

  return (
    <form className={styles.editorForm} onSubmit={submit} aria-labelledby="editor-poll">
      <h2 id="editor-poll">{texts.editorNewPoll}</h2>
      <label>
        {texts.editorPollName}
        <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {texts.editorPollDescription}
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {questions.map((q, i) => (
        <fieldset key={i} className={styles.fieldset}>
          <legend>{texts.editorQuestion(i + 1)}</legend>
          <input required aria-label={texts.editorQuestion(i + 1)} value={q.text} onChange={(e) => change(i, { text: e.target.value })} />
          {q.options.map((option, j) => (
            <span key={j}>
              <input
                aria-label={`${texts.editorQuestion(i + 1)}: ${texts.editorOption(j + 1)}`}
                value={option}
                onChange={(e) => change(i, { options: q.options.map((o, k) => (k === j ? e.target.value : o)) })}
              />{' '}
              <label>
                <input type="radio" name={`correct-${i}`} checked={q.correct === j} onChange={() => change(i, { correct: j })} /> {texts.editorCorrect}
              </label>
            </span>
          ))}
        </fieldset>
      ))}
      <button type="button" onClick={() => setQuestions((qs) => [...qs, emptyQuestion()])}>
        {texts.editorAddQuestion}
      </button>
      <label>
        <span>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {texts.editorActive}
        </span>
      </label>
      <label>
        <span>
          <input type="checkbox" checked={prizeDraw} onChange={(e) => setPrizeDraw(e.target.checked)} /> {texts.editorPrizeDraw}
        </span>
      </label>
      <button type="submit">{texts.editorSave}</button>
      {message && (
        <p role="status">
          {message.link ? <Link to={message.link}>{message.text}</Link> : message.text}
        </p>
      )}
    </form>
  );
}

/** /redaksjon: staff write a blog post and a poll (the API checks the staff role and sanitises the HTML). */
export default function EditorPage() {
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  useEffect(() => {
    getEditorSession().then(
      (session) => setAccess({ status: 'staff', session }),
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : undefined;
        setAccess({ status: status === 401 ? 'login' : status === 403 ? 'forbidden' : 'failed' });
      },
    );
  }, []);

  return (
    <div className={styles.page}>
      <h1>{texts.editorTitle}</h1>
      {access.status === 'checking' && <p role="status">{texts.loading}</p>}
      {access.status === 'login' && (
        <>
          <p role="alert">{texts.editorLogin}</p>
          <p>
            <Link to={pathFor('login')}>{texts.editorLoginLink}</Link>
          </p>
        </>
      )}
      {access.status === 'forbidden' && <p role="alert">{texts.editorForbidden}</p>}
      {access.status === 'failed' && <p role="alert">{texts.loadFailed}</p>}
      {access.status === 'staff' && (
        <>
          <p>{access.session.name}</p>
          <PostForm />
          <PollForm />
        </>
      )}
    </div>
  );
}
