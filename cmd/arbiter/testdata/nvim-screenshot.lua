-- For TestScreenshots: the README's Neovim set-up, then, once the
-- diagnostics have come, the cursor on a move and its hover open; the
-- file $READY says the screen is ready to be taken.
vim.opt.termguicolors = true
vim.opt.number = true
vim.opt.signcolumn = "yes"
vim.cmd("highlight NormalFloat guibg=#2d2d30 guifg=#d4d4d4")
vim.cmd("highlight FloatBorder guibg=#2d2d30 guifg=#808080")
dofile(os.getenv("CONFIG"))
local done = false
local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  default(err, result, ctx, config)
  if done then return end
  done = true
  vim.defer_fn(function()
    vim.api.nvim_win_set_cursor(0, { 17, 22 })
    vim.lsp.buf.hover()
    vim.defer_fn(function()
      local f = io.open(os.getenv("READY"), "w")
      f:write("ready\n")
      f:close()
    end, 800)
  end, 300)
end
