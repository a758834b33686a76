// The page: files dropped or picked are read here, in the browser, and
// handed with the form's settings to arbiter's check (arbiter-wasm, Go
// compiled to WebAssembly); the report it returns is shown in a frame.
// Nothing is fetched or sent: the page's policy forbids any connection.
"use strict";

const files = []; // {name, data: Uint8Array}
const $ = (id) => document.getElementById(id);

function setStatus(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = cls || "";
}

// The module comes gzipped and in base64 inside arbiter-module.js, so
// that loading it is no request; DecompressionStream unpacks it.
async function start() {
  const packed = Uint8Array.from(atob(window.arbiterModule), (c) => c.charCodeAt(0));
  const wasm = await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  const go = new Go();
  window.addEventListener("arbiter-ready", ready, { once: true });
  const { instance } = await WebAssembly.instantiate(wasm, go.importObject);
  go.run(instance);
}

function ready() {
  const select = document.querySelector('select[name="default-variant"]');
  let group = null;
  for (const v of window.arbiter.variants) {
    if (!group || group.label !== v.game) {
      group = document.createElement("optgroup");
      group.label = v.game;
      select.append(group);
    }
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.name;
    o.title = v.description;
    group.append(o);
  }
  $("run").textContent = "Check";
  $("run").disabled = files.length === 0;
  document.body.dataset.ready = "true";
  if (files.length) check();
}

async function add(list) {
  for (const f of list) {
    const data = new Uint8Array(await f.arrayBuffer());
    if (/(^|\/)\.?arbiter\.ya?ml$|\.ya?ml$/i.test(f.name)) {
      fill(new TextDecoder().decode(data), f.name);
      continue;
    }
    files.push({ name: f.name, data });
    const li = document.createElement("li");
    li.textContent = `${f.name} (${data.length.toLocaleString()} bytes)`;
    $("files").append(li);
  }
  if (window.arbiter) {
    $("run").disabled = files.length === 0;
    if (files.length) check();
  }
}

// fill puts a dropped .arbiter.yaml into the form's fields.
function fill(text, name) {
  if (!window.arbiter) return;
  const r = window.arbiter.fields(text);
  if (r.error) {
    setStatus(`${name}: ${r.error}`, "bad");
    return;
  }
  for (const key of window.arbiter.fieldKeys) {
    $("form").elements[key].value = r.fields[key] || "";
  }
  $("settings").open = true;
  if (r.unused.length) setStatus(`${name}: ${r.unused.join(", ")} not used here (the report is this page's)`);
}

function fieldValues() {
  const out = {};
  for (const key of window.arbiter.fieldKeys) out[key] = $("form").elements[key].value;
  return out;
}

function check() {
  for (const o of document.querySelectorAll("#form output")) o.textContent = "";
  $("notes").replaceChildren();
  setStatus(`Checking ${files.length} ${files.length === 1 ? "file" : "files"}…`);
  // Let the status show before the check takes the page's thread.
  setTimeout(() => {
    const r = window.arbiter.check(files, fieldValues());
    if (r.errors) {
      for (const [key, msg] of Object.entries(r.errors)) {
        document.querySelector(`#form output[data-for="${key}"]`).textContent = msg;
      }
      $("settings").open = true;
      setStatus("The settings have mistakes: nothing was checked.", "bad");
      return;
    }
    if (r.error) {
      setStatus(r.error, "bad");
      return;
    }
    setStatus(r.summary, r.valid ? "good" : "bad");
    for (const n of r.notes || []) {
      const li = document.createElement("li");
      li.textContent = n;
      $("notes").append(li);
    }
    const frame = $("report");
    frame.srcdoc = r.html;
    frame.hidden = false;
    const old = $("download").href;
    if (old) URL.revokeObjectURL(old);
    $("download").href = URL.createObjectURL(new Blob([r.html], { type: "text/html" }));
    $("save").hidden = false;
    document.body.dataset.checked = String(Number(document.body.dataset.checked || 0) + 1);
  }, 20);
}

const drop = $("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  add(e.dataTransfer.files);
});
$("pick").addEventListener("change", (e) => add(e.target.files));
$("run").addEventListener("click", check);
$("form").addEventListener("change", () => { if (files.length && window.arbiter) check(); });
$("form").addEventListener("submit", (e) => e.preventDefault());
start().catch((e) => setStatus(`The checker did not load: ${e}`, "bad"));
