import { PassThrough, Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Runs only at build time: React Router prerenders every page through it (ssr: false), so there is
 * no visitor waiting on a stream. Each page is rendered whole (`onAllReady`) rather than streamed
 * from the shell: the HTML then holds every Suspense boundary already resolved, with none of the
 * streaming placeholders (`<template>`, hidden `<div>`s and the `$RC` reveal script, which holds
 * the reveal back by up to 2.3 s) that a streamed render leaves in a static file (decision 0005).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Readable.toWeb(body) as ReadableStream, { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
  });
}
