import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
import '../model.js';
import HomePage from '../home/HomePage.js';
import StaticPage from '../static/StaticPage.js';
import BlogListPage from '../blog/BlogListPage.js';
import BlogPostPage from '../blog/BlogPostPage.js';
import PollPage from '../poll/PollPage.js';
import ShopLocatorPage from '../shops/ShopLocatorPage.js';
import EditorPage from '../editor/EditorPage.js';

function Preview() {
  return <HomePage previewName={useParams().name ?? null} />;
}

/** The team's own dev page (npm run dev -w @shop/mf-content): the pages without the shell, on the routes proposed to the shell. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/preview/:name" element={<Preview />} />
        <Route path="/blogg" element={<BlogListPage />} />
        <Route path="/blogg/kategori/:slug" element={<BlogListPage />} />
        <Route path="/blogg/:slug" element={<BlogPostPage />} />
        <Route path="/avstemning" element={<PollPage />} />
        <Route path="/avstemning/:id" element={<PollPage />} />
        <Route path="/butikker" element={<ShopLocatorPage />} />
        <Route path="/redaksjon" element={<EditorPage />} />
        <Route path="/:page" element={<StaticPage />} />
      </Routes>
    </BrowserRouter>
  );
}
