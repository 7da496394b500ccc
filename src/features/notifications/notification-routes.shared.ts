// What the notification routes share: their tag, who may call them, an HTML page's response.
import { Type } from 'typebox';

export const tags = ['notifications'];
export const person =
  'A person’s own: a dashboard session only (an API key gets 403), across the organizations they belong to.';
export const html = (description: string, title: string) => ({
  description,
  content: {
    'text/html': {
      schema: Type.String(),
      example: `<!doctype html><html lang="en"><head><title>${title}</title></head><body>…</body></html>`,
    },
  },
});
