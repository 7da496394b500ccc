// What the brand routes share: their tag.

export const tags = ['brand'];
