module okey

go 1.26
