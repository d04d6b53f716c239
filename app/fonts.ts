import localFont from 'next/font/local';

// Inter from @fontsource-variable/inter, one variable file per script: the browser takes Cyrillic glyphs
// from the second family, so a Russian page downloads both small files and nothing from the network.
export const interLatin = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-latin',
  weight: '100 900',
  display: 'swap',
});

export const interCyrillic = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2',
  variable: '--font-cyrillic',
  weight: '100 900',
  display: 'swap',
});
