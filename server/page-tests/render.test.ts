import { describe, expect, it } from 'vitest';
import { atPublicAddress } from './render';

describe("a variant's render at the page's own address", () => {
  it("gives the client router the page's address, not the internal render's, in the payload as written and escaped", () => {
    const internal = '/page-test-render/fe84fac6-bad6-4bc0-9da3-85d08daf8362/2/1/products/junior-js';
    const payload = '0:{"P":null,"c":["","page-test-render","fe84fac6-bad6-4bc0-9da3-85d08daf8362","2","1","products","junior-js"],"q":""}';
    const html = `<script>self.__next_f.push([1,${JSON.stringify(payload)}])</script><p>${payload}</p>`;
    const rewritten = atPublicAddress(html, internal, '/products/junior-js');
    expect(rewritten).not.toContain('page-test-render');
    expect(rewritten).toContain(JSON.stringify('0:{"P":null,"c":["","products","junior-js"],"q":""}').slice(1, -1));
    expect(rewritten).toContain('<p>0:{"P":null,"c":["","products","junior-js"],"q":""}</p>');
  });
});
