-- arbiter's language server for PDN records in Neovim, with its own LSP
-- client (no plugin needed). Put this file in ~/.config/nvim/plugin/ (or
-- source it from init.lua); 'arbiter' must be on the PATH.
--
-- K shows the board before and after the move under the cursor, the
-- diagnostics come as you type, <leader>ca (or :lua vim.lsp.buf.code_action())
-- offers the quick fixes, <C-x><C-o> completes the legal moves, and
-- :ArbiterFirstError goes to the first error.
vim.cmd([[autocmd BufRead,BufNewFile *.pdn setfiletype pdn]])

local function start(buf)
  local config = {
    name = "arbiter",
    cmd = { "arbiter", "lsp" },
    root_dir = vim.fs and vim.fs.dirname(vim.api.nvim_buf_get_name(buf)) or vim.fn.getcwd(),
  }
  if vim.lsp.start then -- Neovim 0.8 and later
    vim.lsp.start(config, { bufnr = buf })
  else -- Neovim 0.7 (Debian 12)
    _G.arbiter_client = _G.arbiter_client or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, _G.arbiter_client)
  end
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buf })
  vim.keymap.set("n", "<leader>ca", vim.lsp.buf.code_action, { buffer = buf })
end

vim.api.nvim_create_autocmd("FileType", {
  pattern = "pdn",
  callback = function(args) start(args.buf) end,
})

vim.api.nvim_create_user_command("ArbiterFirstError", function()
  local buf = vim.api.nvim_get_current_buf()
  local params = { command = "arbiter.firstError", arguments = { vim.uri_from_bufnr(buf) } }
  vim.lsp.buf_request(buf, "workspace/executeCommand", params, function(err, loc)
    if err or not loc then
      vim.notify(err and err.message or "arbiter: no error in this document")
      return
    end
    vim.lsp.util.jump_to_location(loc, "utf-16")
  end)
end, {})
