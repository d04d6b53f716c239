import FloorPage from '../page';

// The floor with the site's own stylesheet (copied to public/ by bench/lighthouse.ts before the run):
// what one render-blocking stylesheet costs a bare page, apart from anything the site's pages add.
export default function StyledPage() {
  return (
    <>
      {/* eslint-disable-next-line @next/next/no-css-tags -- the measured thing itself: one plain render-blocking stylesheet, the site's built CSS byte for byte (a CSS import would be rebuilt by the floor's own pipeline) */}
      <link rel="stylesheet" href="/site.css" precedence="default" />
      <FloorPage />
    </>
  );
}
