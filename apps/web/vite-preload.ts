/**
 * What a first visit needs before it can draw, fetched beside the app's script instead of after
 * it has run: index.html preloads the first screen's messages in each language; for each
 * screen opened by its own address whose code is loaded on demand, that code and its messages;
 * and for the map, the parts it loads just after its first paint.
 * The server keeps the links of the visitor's language and of the address asked for
 * (apps/api/src/plugins/web.ts); the links say which with `data-language` and `data-route`.
 * It also preloads the modules the app's script imports. Every script is asked for at low
 * priority, after the HTML and the stylesheet that paint the header.
 */
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * What a page loads on demand as it first draws, by its route: the screen behind a lazy route
 * (apps/web/src/app/router.tsx), the modules it imports and its messages' part; for the map (the
 * route of every other page, ''), the parts it loads just after its first paint (lazy-extras.ts).
 * Announced in the HTML, they arrive beside the app's script, not one round trip after another.
 */
const LAZY_SCREENS: Record<string, { modules: string[]; messages?: string }> = {
  '/addAlert': { modules: ['src/app/routes/add-alert.tsx', 'src/app/themed.tsx'], messages: 'add-alert' },
  '': { modules: ['src/features/map/components/map-extras.ts'] },
};

export function preloadFirstScreen(base: string): Plugin {
  return {
    name: 'wildalert-preload-first-screen',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // The chunks these import, themselves included.
        const withImports = (from: OutputChunk[]) => {
          const files = new Set<string>();
          const visit = (chunk: OutputChunk | undefined) => {
            if (!chunk || files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            chunk.imports.forEach((file) => visit(byFile.get(file)));
          };
          from.forEach(visit);
          return files;
        };
        const entries = chunks.filter((c) => c.isEntry);
        const loadedWithPage = withImports(entries);
        const messages = (part: string) =>
          chunks.flatMap((c) => {
            const language = new RegExp(`^assets/messages-([a-z]{2})-${part}-`).exec(c.fileName)?.[1];
            return language ? [{ file: c.fileName, language }] : [];
          });
        const link = (file: string, attrs: Record<string, string>) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, fetchpriority: 'low', ...attrs },
          injectTo: 'head' as const,
        });
        const tags = [
          // The modules the app's script imports (Vite's own links, off: vite.config.ts), asked for beside it.
          ...[...loadedWithPage].filter((file) => !entries.some((e) => e.fileName === file)).map((file) => link(file, {})),
          ...messages('core').map(({ file, language }) => link(file, { 'data-language': language })),
          ...Object.entries(LAZY_SCREENS).flatMap(([route, screen]) => {
            const own = chunks.filter((c) => screen.modules.some((m) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(m)));
            if (own.length !== screen.modules.length) throw new Error(`vite-preload: no chunk for some of ${screen.modules.join(', ')}`);
            const code = [...withImports(own)].filter((file) => !loadedWithPage.has(file));
            return [
              ...code.map((file) => link(file, { 'data-route': route })),
              ...(screen.messages ? messages(screen.messages) : []).map(({ file, language }) => link(file, { 'data-route': route, 'data-language': language })),
            ];
          }),
        ];
        return { html: lowPriority(html), tags };
      },
    },
  };
}

/**
 * The app's script is asked for at low priority, as the modules above: the page paints its header
 * from the HTML and the stylesheet, without waiting for it, and those go first.
 */
function lowPriority(html: string): string {
  const marked = html.replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=');
  if (marked === html) throw new Error('vite-preload: no app script in index.html to mark');
  return marked;
}
