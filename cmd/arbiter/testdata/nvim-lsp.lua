-- Neovim's own LSP client against 'arbiter lsp', headless: the test
-- (TestNeovim) opens a record, waits for the diagnostics, asks for a
-- hover, applies the first quick fix as a person would (the buffer
-- changes, Neovim sends the change), asks for completions, the symbols
-- and the first error, and writes what it saw to $OUT, one fact a line.
-- Written for Neovim 0.7 (Debian 12) and later: start_client and
-- buf_attach_client, not vim.lsp.start (0.8).
local out = {}
local function say(...) table.insert(out, string.format(...)) end
local function finish(code)
  local f = assert(io.open(os.getenv("OUT"), "w"))
  f:write(table.concat(out, "\n") .. "\n")
  f:close()
  vim.cmd((code == 0) and "qall!" or "cquit!")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PDN")))
  local buf = vim.api.nvim_get_current_buf()
  local published = 0
  local client = vim.lsp.start_client({
    name = "arbiter",
    cmd = { os.getenv("ARBITER"), "lsp", "--isolated" },
    root_dir = vim.fn.getcwd(),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(e, result, ctx, config)
        vim.lsp.diagnostic.on_publish_diagnostics(e, result, ctx, config)
        published = published + 1
      end,
    },
  })
  assert(client, "the client did not start")
  vim.lsp.buf_attach_client(buf, client)
  assert(vim.wait(20000, function() return published > 0 end, 20), "no diagnostics")
  local function show(diags)
    table.sort(diags, function(a, b) return a.lnum < b.lnum or a.lnum == b.lnum and a.col < b.col end)
    for _, d in ipairs(diags) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
      say("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, code, (d.message:gsub("\n.*", "")))
    end
  end
  show(vim.diagnostic.get(buf))

  local uri = vim.uri_from_bufnr(buf)
  local function request(method, params)
    local res = vim.lsp.buf_request_sync(buf, method, params, 10000)
    assert(res and res[client], method .. ": no answer")
    assert(not res[client].err, method .. ": " .. vim.inspect(res[client].err))
    return res[client].result
  end

  local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 16, character = 22 } })
  say("hover %s", (hover.contents.value:gsub("\n.*", "")))

  local illegal = { line = 16, character = 27 }
  local actions = request("textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = illegal, ["end"] = illegal },
    context = { diagnostics = {} },
  })
  for _, a in ipairs(actions) do say("action %s", a.title) end
  local before = published
  vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
  assert(vim.wait(20000, function() return published > before end, 20), "no diagnostics after the fix")
  say("line 17 now: %s", vim.api.nvim_buf_get_lines(buf, 16, 17, false)[1])
  show(vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR }))

  local items = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 16, character = 22 } })
  local labels = {}
  for _, it in ipairs(items.items or items) do table.insert(labels, it.label) end
  say("completion at 16:22 %s", table.concat(labels, " "))

  for _, s in ipairs(request("textDocument/documentSymbol", { textDocument = { uri = uri } })) do
    say("symbol %s (%s)", s.name, s.detail or "")
  end
  local loc = request("workspace/executeCommand", { command = "arbiter.firstError", arguments = { uri } })
  say("first error %d:%d", loc.range.start.line + 1, loc.range.start.character + 1)

  vim.lsp.stop_client(client)
  assert(vim.wait(10000, function() return vim.lsp.client_is_stopped(client) end, 20), "the server did not stop")
  say("stopped")
end)
if not ok then
  say("error: %s", tostring(err))
  finish(1)
else
  finish(0)
end
