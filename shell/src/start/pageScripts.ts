/**
 * The scripts a server-rendered page's remote modules need (each remote's entry, the module's chunks) travel in the
 * head as `<link rel="preload" as="script">` tags inside a `<template>` with this id: a template's content is inert,
 * so nothing is fetched while the browser paints the page. The shell's start (startAfterFirstPaint.ts) moves them into
 * the head when it adds main.js, and they load beside it instead of after it.
 *
 * Stands alone (no imports): the build evaluates it to pass the id to the start inlined in index.html.
 */
export const PAGE_SCRIPTS_TEMPLATE_ID = 'shop-page-scripts';
