// Runs right after <div id="root">, before the app's code: paints the pupil's last screen of this page, kept on this
// device by src/lib/offline/snapshot.ts (same keys: keep both in step), so that a repeat visit — online or not — shows
// the subjects at once on a slow phone. The app renders into the hidden #root meanwhile and swaps it in when ready
// (src/app/snapshot.ts). Only for the signed-in pupil the snapshot belongs to, of the same build and language.
(function () {
  try {
    var token = localStorage.getItem("token");
    var expires = localStorage.getItem("expires_at");
    if (!token || (expires && Date.parse(expires) <= Date.now())) return;
    var part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    var sub = Number(JSON.parse(atob(part)).sub);
    if (!(sub > 0)) return;
    var prefix = "darsi:snap:" + sub;
    var raw = localStorage.getItem(prefix + ":" + location.pathname + location.search);
    // A page opened without its query (the bookmarks list) gets one: the most recent of that page, whatever its query.
    if (!raw && !location.search) {
      var list = JSON.parse(localStorage.getItem(prefix) || "[]");
      for (var j = 0; j < list.length && !raw; j++) {
        if (list[j].indexOf(location.pathname + "?") === 0) raw = localStorage.getItem(prefix + ":" + list[j]);
      }
    }
    if (!raw) return;
    var snap = JSON.parse(raw);
    var build = document.querySelector('meta[name="darsi-build"]');
    if (!build || snap.b !== build.content || snap.l !== (localStorage.getItem("locale") || "fr")) return;
    if (Date.now() - snap.t > 30 * 86400000) return;

    var attr = function (s) {
      return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    };
    // Written into the document being parsed: the route screens' stylesheets (the app would load them later) then
    // block the snapshot's rendering like any stylesheet of the page, so it never shows unstyled.
    var html = "";
    for (var i = 0; i < snap.css.length; i++) {
      if (!document.querySelector('link[rel="stylesheet"][href="' + snap.css[i] + '"]')) {
        html += '<link rel="stylesheet" href="' + attr(snap.css[i]) + '">';
      }
    }
    // Read by sight only until the app takes over (a second or two): assistive technologies get the live page.
    document.write(html + '<div id="snapshot" aria-hidden="true">' + snap.h + "</div>");
    var root = document.getElementById("root");
    root.style.display = "none";
    document.documentElement.setAttribute("data-snapshot", "");
    // If the app never starts (its code failed to load), the live page comes back after a while.
    setTimeout(function () {
      var shot = document.getElementById("snapshot");
      if (!shot) return;
      shot.remove();
      root.style.display = "";
      document.documentElement.removeAttribute("data-snapshot");
    }, 15000);
  } catch (e) {}
})();
