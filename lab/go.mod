module okey/lab

go 1.26.0

require okey v0.0.0

replace okey => ../
