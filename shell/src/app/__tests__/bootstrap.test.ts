import { bootstrap } from '../bootstrap';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

describe('bootstrap', () => {
  it("throws 'Failed to find the root element' when the page has no #root", async () => {
    document.body.innerHTML = '<div id="app"></div>';
    await expect(bootstrap()).rejects.toThrow('Failed to find the root element');
  });
});
