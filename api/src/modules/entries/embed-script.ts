/**
 * The embed script (issue 27): `<script src="…/api/entries/embed.js" data-code="…" async>` puts
 * the hosted form in an iframe where the tag stands, and fits the frame to the form's height
 * (the form posts it; only messages from this origin's frame are read).
 */
export function embedScript(origin: string): string {
  return `(function () {
  var script = document.currentScript;
  if (!script) return;
  var code = script.getAttribute('data-code');
  if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code)) return;
  var origin = ${JSON.stringify(origin)};
  var frame = document.createElement('iframe');
  frame.src = origin + '/enter/' + code + '/?embed=1';
  frame.title = script.getAttribute('data-title') || 'Entry form';
  frame.style.cssText = 'width:100%;max-width:40rem;border:0;min-height:40rem;display:block';
  frame.setAttribute('loading', 'lazy');
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && data.type === 'permitdesk-entry-height' && typeof data.height === 'number') frame.style.height = Math.ceil(data.height) + 'px';
  });
})();
`
}
