#!/usr/bin/python3
"""A bare WebKitGTK window for WebKitWebDriver (Debian's webkit2gtk-driver): a phone-sized web view
and nothing around it, under automation. Debian's MiniBrowser will not go below 447 px wide; this
window goes to 360. Runs with Debian's python3 and its gi bindings (gir1.2-webkit2-4.1), not the
test venv. WebKitWebDriver starts it as its browser with ``--automation``; what the pages write on
their console (and WebKit's own errors: a blocked request, a CSP violation) goes to the file named
by ``--console=PATH``, its data in the folder ``--data=PATH``, for tests/browser/engines/drivers.py to read."""
from __future__ import annotations

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402  (gi must be told the versions first)


def option(name: str, default: str) -> str:
    prefix = f"--{name}="
    return next((arg[len(prefix) :] for arg in sys.argv[1:] if arg.startswith(prefix)), default)


# Under automation WebKitGTK writes no console messages to standard output (it does without), and
# this WebKitWebDriver takes no BiDi session: a script at the start of every page hands each
# console error, uncaught error, refused promise and content-security-policy violation to this
# window, which writes it to the console file.
CONSOLE_WATCH = """
(() => {
  const tell = (kind, text) => window.webkit.messageHandlers.console.postMessage(kind + " " + text);
  const error = console.error.bind(console);
  console.error = (...parts) => { tell("ERROR", parts.map(String).join(" ")); error(...parts); };
  window.addEventListener("error", (event) => tell("JS ERROR", event.message));
  window.addEventListener("unhandledrejection", (event) => tell("JS ERROR", "Unhandled Promise Rejection: " + event.reason));
  document.addEventListener("securitypolicyviolation", (event) => tell("SECURITY ERROR", "refused " + event.blockedURI + " by " + event.violatedDirective));
})();
"""


def console_watch(path: str) -> WebKit2.UserContentManager:
    manager = WebKit2.UserContentManager()
    script = WebKit2.UserScript(CONSOLE_WATCH, WebKit2.UserContentInjectedFrames.ALL_FRAMES, WebKit2.UserScriptInjectionTime.START, None, None)
    manager.add_script(script)
    manager.register_script_message_handler("console")

    def write(_manager: WebKit2.UserContentManager, result: WebKit2.JavascriptResult) -> None:
        with open(path, "a", encoding="utf-8") as kept:
            kept.write("CONSOLE " + result.get_js_value().to_string().replace("\n", " ") + "\n")

    manager.connect("script-message-received::console", write)
    return manager


def engine_said(path: str, what: str) -> None:
    """A line about the engine itself (not a page's console), read by drivers.py's WebKitPhone."""
    with open(path, "a", encoding="utf-8") as kept:
        kept.write(f"ENGINE {what}\n")


def main() -> None:
    console = option("console", "")
    width, height = (int(part) for part in option("size", "390x844").split("x"))
    # A folder of its own (cookies, storage, the service worker), so each phone is a phone of its own.
    data = option("data", "")
    manager = WebKit2.WebsiteDataManager(base_data_directory=f"{data}/data", base_cache_directory=f"{data}/cache") if data else None
    context = WebKit2.WebContext(website_data_manager=manager) if manager else WebKit2.WebContext.get_default()
    context.set_automation_allowed("--automation" in sys.argv)  # WebKitWebDriver passes it among the args it is given
    windows: list[Gtk.Window] = []

    def new_view(_session: WebKit2.AutomationSession) -> WebKit2.WebView:
        view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True, user_content_manager=console_watch(console))
        settings = view.get_settings()
        settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        window = Gtk.Window(default_width=width, default_height=height, decorated=False)
        window.add(view)
        window.connect("destroy", lambda _window: windows.remove(window) or (windows or Gtk.main_quit()))
        view.connect("close", lambda _view: window.destroy())
        # WebKitWebDriver says only "page crash or hang" when the page's process ends or stops
        # answering: the console file names which, and why, for the failing test to print.
        view.connect("web-process-terminated", lambda _view, reason: engine_said(console, f"web process ended: {reason.value_nick}"))
        view.connect("notify::is-web-process-responsive",
                     lambda view, _spec: view.get_is_web_process_responsive() or engine_said(console, "web process stopped answering"))
        window.show_all()
        windows.append(window)
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo()
        info.set_name("webkit-window")
        info.set_version(1, 0, 0)
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    main()
