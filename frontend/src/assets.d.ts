// Stylesheets are bundled by webpack (css-loader + MiniCssExtractPlugin) for their side effect.
declare module '*.css';
